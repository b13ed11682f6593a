import { CalendarScreen } from '@/features/tasks/calendar/calendar-screen'

export default function Calendar() {
  return <CalendarScreen />
}
