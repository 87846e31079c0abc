/** The Caracas day `back` days ago, as its parts (the office's calendar, whatever the machine's zone). */
export function caracasDate(back = 0): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(Date.now() - back * 86_400_000),
  );
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return { day: part('day'), month: part('month'), year: part('year') };
}

/** The Caracas day `back` days ago as DD/MM/YYYY, as the bank's API writes dates. */
export function caracasDay(back = 0): string {
  const { day, month, year } = caracasDate(back);
  return `${day}/${month}/${year}`;
}
