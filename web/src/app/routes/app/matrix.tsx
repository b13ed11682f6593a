import { MatrixScreen } from '@/features/tasks/components/matrix-screen'

export default function Matrix() {
  return <MatrixScreen />
}
