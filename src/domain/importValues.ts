/*
 * The cells of an imported row as other systems write them: dates in the ways people type them, whole
 * names in either order, statuses by other CRMs' words, and when two spellings name one person.
 */

/** Today as `YYYY-MM-DD`, by the clock in UTC: enough to tell the century of a two-digit year. */
const isoToday = () => new Date().toISOString().slice(0, 10);

const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/;
const yearFirst = /^(\d{4})[./-](\d{1,2})[./-](\d{1,2})$/;
/** The time Excel adds to a date cell ("12.03.1990 0:00:00", "1990-03-12T00:00:00"): dropped. */
const timeOfDay = /[T ]\s*\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/;

/**
 * A date as `YYYY-MM-DD` from 12.03.1990, 2.3.1990, 12/03/1990, 12-03-1990, 1990-03-12 or 12.03.90;
 * undefined when it is none or does not exist (31.02.2020). A two-digit year is read as a birth date's:
 * one later than this year's is of the last century (12.03.90 is 1990); with `future` it is this
 * century's (31.12.27 is 2027), as a pass's end is.
 */
export const parseDate = (text: string, options: { today?: string; future?: boolean } = {}): string | undefined => {
    const trimmed = text.trim().replace(timeOfDay, '');
    const parts = dayFirst.exec(trimmed)?.slice(1).reverse() ?? yearFirst.exec(trimmed)?.slice(1);
    if (!parts) return undefined;
    const [yearText, month, day] = parts;
    let year = Number(yearText);
    if (yearText.length === 2) {
        const century = Number((options.today ?? isoToday()).slice(0, 2)) * 100;
        const thisYear = Number((options.today ?? isoToday()).slice(2, 4));
        year += options.future || year <= thisYear ? century : century - 100;
    }
    if (year < 1900 || year > 2199) return undefined;
    const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
};

/**
 * A full name in the order its column says. `lastFirst`, the Russian way, "Фамилия Имя Отчество": the
 * first word is the last name, the second the first name, and the patronymic is left out (customers have
 * no field for it); one word is a last name. `firstLast`, "Имя (Отчество) Фамилия" or "Anna Smith": the
 * first word is the first name and the last word the last name; one word is a first name.
 */
export const splitFullName = (
    text: string,
    order: 'lastFirst' | 'firstLast' = 'lastFirst',
): { lastName?: string; firstName?: string } => {
    const words = text.trim().split(/\s+/).filter(Boolean);
    const [lastName, firstName] =
        order === 'lastFirst' ? words : [words.length > 1 ? words.at(-1) : undefined, words[0]];
    return { ...(lastName && { lastName }), ...(firstName && { firstName }) };
};

/**
 * The words other systems use for the shipped customer statuses (src/domain/statuses.ts), besides the
 * studio's own labels: a file from another CRM says "Активный" where the studio says "Занимается".
 */
export const statusSynonyms: Record<string, string[]> = {
    lead: ['лид', 'новый', 'новая', 'потенциальный', 'заявка', 'интерес', 'prospect', 'new'],
    trial: ['пробный', 'пробная', 'пробное', 'пробное занятие', 'trial'],
    active: ['активный', 'активная', 'активен', 'активна', 'занимается', 'клиент', 'действующий', 'member', 'active'],
    paused: ['пауза', 'заморожен', 'заморожена', 'приостановлен', 'на паузе', 'frozen', 'on hold', 'paused'],
    left: [
        'ушёл',
        'ушел',
        'ушла',
        'бывший',
        'бывшая',
        'неактивный',
        'неактивная',
        'архив',
        'inactive',
        'former',
        'left',
    ],
};

/** A name as compared: lower case, ё as е, spaces as one. */
export const nameKey = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/**
 * Do a row's names and a customer's make one person: the same first and last names, whatever their
 * case, ё or spaces, or the two swapped (a file whose columns were the other way round).
 */
export const sameName = (
    row: { firstName: string; lastName: string },
    customer: { firstName: string; lastName: string },
): boolean => {
    const [first, last] = [nameKey(row.firstName), nameKey(row.lastName)];
    const [theirFirst, theirLast] = [nameKey(customer.firstName), nameKey(customer.lastName)];
    return (first === theirFirst && last === theirLast) || (first === theirLast && last === theirFirst);
};
