import { useEffect } from 'react'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { NotFound } from './not-found'
import { ErrorScreen } from './error-screen'

/**
 * The error element of every route: a render failure in one route shows this
 * screen in that route's place. Navigating again (Try Again re-enters the same
 * URL) clears the error.
 */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()

  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error('Route render failed', error)
  }, [error])

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <ErrorScreen
      error={error}
      onReset={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      onHome={() => navigate('/app')}
    />
  )
}
