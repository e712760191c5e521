/** The id of a day's group in the agenda list: the target of the calendar and of the iCalendar feed's links. */
export function dayGroupId(day: string): string {
  return `jour-${day}`;
}
