// A local stand-in for the outside services the integrations call (000 §7),
// as the function tests use httptest servers (functions/integrations): a
// chat webhook and the code-hosting API. global-setup.ts starts it and
// points the daybase server at it (DAYBASE_GITHUB_API_URL, and
// DAYBASE_INTEGRATIONS_ALLOW_HOSTS for the webhook's loopback address).
//
//   POST /slack/ok        a working webhook: 200, the post is recorded
//   POST /slack/gone      a revoked webhook: 404
//   GET  /github/user/repos               the token's repositories
//   POST /github/repos/{owner}/{name}/issues   201 with the new issue
//   GET  /_received       everything recorded, as JSON ({slack: [...], issues: [...]})
//
// The code-hosting answers need the token ghp_daybase_test, like GitHub.
import { type Server, createServer } from 'node:http'

export const FAKE_GITHUB_TOKEN = 'ghp_daybase_test'

export type Received = {
  slack: { path: string; body: { text?: string; channel?: string } }[]
  issues: { repo: string; body: { title?: string; body?: string; labels?: string[] } }[]
}

const REPOS = [
  { id: 101, name: 'daybase', full_name: 'ada/daybase', private: false, html_url: 'https://github.test/ada/daybase', updated_at: '2026-11-25T10:00:00Z' },
  { id: 102, name: 'notes', full_name: 'ada/notes', private: true, html_url: 'https://github.test/ada/notes', updated_at: '2026-11-20T10:00:00Z' },
]

export function startFakeIntegrations(): Promise<{ url: string; server: Server }> {
  const received: Received = { slack: [], issues: [] }
  let issueNumber = 41
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      const path = (req.url ?? '').split('?')[0] ?? ''
      if (req.method === 'GET' && path === '/_received') return json(200, received)
      if (req.method === 'POST' && path.startsWith('/slack/')) {
        if (path === '/slack/gone') return json(404, { error: 'no_service' })
        received.slack.push({ path, body })
        res.writeHead(200)
        return res.end('ok')
      }
      if (path.startsWith('/github/')) {
        if (req.headers.authorization !== `Bearer ${FAKE_GITHUB_TOKEN}`) return json(401, { message: 'Bad credentials' })
        if (req.method === 'GET' && path === '/github/user/repos') return json(200, REPOS)
        const issue = /^\/github\/repos\/([^/]+\/[^/]+)\/issues$/.exec(path)
        if (req.method === 'POST' && issue?.[1]) {
          if (!REPOS.some((r) => r.full_name === issue[1])) return json(404, { message: 'Not Found' })
          received.issues.push({ repo: issue[1], body })
          issueNumber++
          return json(201, { id: 9000 + issueNumber, number: issueNumber, html_url: `https://github.test/${issue[1]}/issues/${issueNumber}` })
        }
      }
      json(404, { message: 'Not Found' })
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address !== 'object') return reject(new Error('fake integrations: no port'))
      resolve({ url: `http://127.0.0.1:${address.port}`, server })
    })
  })
}

/** What the fake services received so far. */
export async function received(): Promise<Received> {
  const url = process.env.FAKE_INTEGRATIONS_URL
  if (!url) throw new Error('FAKE_INTEGRATIONS_URL is not set: global-setup.ts starts the fake services')
  return (await (await fetch(`${url}/_received`)).json()) as Received
}
