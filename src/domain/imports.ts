import { z } from 'zod';
import { e164Phone } from './phones';
import { customerFields, hasContact } from './schemas';
import { issueMessage, nulMessage } from './validation';

/*
 * Customers and their passes imported from a CSV file (src/server/imports/readCsv.ts reads it): which
 * column holds what, guessed from the headers of AlfaCRM, МойКласс, YCLIENTS and hand-made sheets in
 * Russian or English, and each row read into a customer and the pass they still have. Everything here
 * is pure, for the server to import with and for the screen to preview with; whether a customer is
 * already in the database is the server's to find.
 */

/** What a column can hold. `plan` names the plan of the pass the customer still has; `visitsLeft` and `passEnds` describe it. */
export const importFields = [
    'lastName',
    'firstName',
    'fullName',
    'fullNameFirstLast',
    'phone',
    'email',
    'birthDate',
    'status',
    'source',
    'notes',
    'plan',
    'visitsLeft',
    'passEnds',
] as const;

/** A column's field; '' (or null in a mapping) leaves the column out. */
export type ImportField = (typeof importFields)[number] | '';

/** Which field each column holds, by header: what the server is sent as `?mapping=`. */
export type ImportMapping = Record<string, ImportField | null>;

/** A mapping as a request sends it: unknown fields are refused. */
export const importMappingSchema = z.record(
    z.string(),
    z.enum([...importFields, ''], { error: 'app.validation.choice' }).nullable(),
);

/** A header as compared: lower case, ё as е, anything but letters and digits as one space. */
const normalized = (text: string) =>
    text
        .toLowerCase()
        .replace(/ё/g, 'е')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();

/**
 * The headers each field is known by, normalized. A header is compared whole, not searched for a word:
 * "Имя" is the first name, but "Имя клиента" the full name, and "Дата" nothing. "Name" alone is below.
 * A whole name is read in the order its header says: "ФИО" and "Фамилия Имя" put the last name first,
 * "Имя Фамилия" the first name; an English header that says no order ("Full name") means the English one.
 */
const headersOf: Record<Exclude<ImportField, ''>, RegExp> = {
    lastName: /^(фамилия|last ?name|surname|family name)$/,
    firstName: /^(имя|first ?name|given name)$/,
    fullName:
        /^(фио|ф и о|клиент|ученик|ученица|фио (клиента|ученика)|имя (клиента|ученика)|фамилия (и )?имя( (и )?отчество)?|(last ?name|surname) (and )?(first ?name|name))$/,
    fullNameFirstLast:
        /^(имя (и )?фамилия|имя (и )?отчество (и )?фамилия|full ?name|client|customer|student|(client|customer|student) name|first ?name (and )?(last ?name|surname)|first and last name|name (and )?surname)$/,
    phone: /^((моб|мобильный|сотовый) )?(телефон|тел)( клиента)?( \d)?$|^(мобильный|сотовый|номер телефона)$|^((mobile|cell) )?(phone|telephone)( number)?( \d)?$|^(mobile|cell|tel)$/,
    email: /^(e ?mail|e ?mail address|mail|эл почта|электронная почта|почта|емейл|имейл)$/,
    birthDate: /^(дата рождения|день рождения|др|д р|birth ?date|date of birth|birthday|dob)$/,
    status: /^(статус|статус клиента|этап|status)$/,
    source: /^(источник|источник привлечения|рекламный источник|откуда узнали?|откуда узнала|канал|source|lead source|channel|referral)$/,
    notes: /^(комментарий|комментарии|примечание|примечания|заметки|заметка|описание|notes?|comments?)$/,
    plan: /^(абонемент|тариф|название абонемента|вид абонемента|тип абонемента|plan|membership|membership type|pass|pass type|subscription)$/,
    visitsLeft:
        /^(осталось (занятий|посещений)|остаток (занятий|посещений)|остаток|visits left|remaining|remaining visits|sessions left|classes left)$/,
    passEnds:
        /^(действует до|окончание|дата окончания|окончание абонемента|срок действия|годен до|expires|expiry|expiry date|expiration date|valid until|valid till|end date|ends|ends on)$/,
};

/**
 * The field each column probably holds, from its header in Russian or English; a column nothing is
 * known of is null. A field goes to the first column that names it. "Name" beside a last name column
 * is the first name, and alone the full name (as English sheets use it).
 */
export const guessMapping = (headers: string[]): ImportMapping => {
    const texts = headers.map(normalized);
    const hasLastName = texts.some(text => headersOf.lastName.test(text));
    const taken = new Set<ImportField>();
    const mapping: ImportMapping = {};
    headers.forEach((header, index) => {
        const text = texts[index];
        const field =
            text === 'name'
                ? hasLastName
                    ? 'firstName'
                    : 'fullNameFirstLast'
                : importFields.find(candidate => headersOf[candidate].test(text));
        if (field && !taken.has(field)) {
            taken.add(field);
            mapping[header] = field;
        } else mapping[header] ??= null;
    });
    return mapping;
};

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

/** What a row is read against: the studio's country, statuses and plans, and today. */
export type ImportContext = {
    /** ISO 3166 code, to read phones written without their country code. */
    country: string;
    /** The customer statuses: `id` is the code stored, `names` what people call it (its labels in every language). */
    statuses: { id: string; names: string[] }[];
    /** The code a customer gets when the row names no status. */
    defaultStatus: string;
    /** The plans' names, compared without case. */
    plans: string[];
    /** `YYYY-MM-DD` in the studio: a pass that ended before it is not carried over. */
    today: string;
};

/** The customer a row makes: its values as the database keeps them, or as written where they are wrong. */
export type ImportedCustomer = {
    firstName: string;
    lastName: string;
    /** None when the row gives an e-mail instead. */
    phone: string | null;
    email: string | null;
    birthDate: string | null;
    status: string;
    source: string | null;
    notes: string | null;
};

/** The pass a customer still has: the plan's name as the studio writes it, visits left (null when not counted), and its last day. */
export type ImportedPass = { plan: string; visitsLeft: number | null; endDate: string };

/** A problem of a row: the field at fault, an i18n key and what it names (the value left out). */
export type ImportError = { field: Exclude<ImportField, ''>; message: string; params?: Record<string, string> };

/**
 * A row read: the customer, the pass they still have, and the row's problems. A pass the row names that
 * has ended before today, or has no visits left, is not carried over, and `passDropped` says why.
 */
export type ImportedRow = {
    customer: ImportedCustomer;
    pass?: ImportedPass;
    passDropped?: 'ended' | 'used_up';
    errors: ImportError[];
    /** What was left out of a row that is imported all the same (a birth date that cannot be read). */
    warnings?: ImportError[];
};

/** A name as compared: lower case, ё as е, spaces as one. */
const nameKey = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

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

/** The app's CSV export prefixes text that looks like a formula with a quote (src/domain/csv.ts): taken off again. */
const formulaQuote = /^'(?=[=+\-@\t\r])/;

/** Visits left written as "unlimited" (or not written): the pass does not count them. */
const uncounted = /^(безлимит(ный)?|без ограничений|unlimited|∞)$/;

const importedFields = {
    firstName: true,
    lastName: true,
    phone: true,
    email: true,
    birthDate: true,
    status: true,
    source: true,
    notes: true,
} as const;
const importedCustomerSchema = customerFields.pick(importedFields);

/**
 * One row of the file read into a customer and the pass they still have, with every problem found: an
 * empty list means the row can be imported as it is. Columns are chosen by their header in `mapping`;
 * two columns of one field, the first counts. Names come from the last and first name columns, or from
 * the full name where those are empty. A pass comes with a plan, its visits left and its end date; one
 * that has ended before today or has no visits left is simply not carried over (`passDropped`).
 */
export const readRow = (
    cells: string[],
    headers: string[],
    mapping: ImportMapping,
    context: ImportContext,
): ImportedRow => {
    const errors: ImportError[] = [];
    const fail = (field: ImportError['field'], message: string) => {
        if (!errors.some(error => error.field === field)) errors.push({ field, message });
    };
    const columns = new Map<ImportField, number>();
    headers.forEach((header, index) => {
        const field = mapping[header];
        if (field && !columns.has(field)) columns.set(field, index);
    });
    const cell = (field: Exclude<ImportField, ''>): string => {
        const index = columns.get(field);
        const text = index === undefined ? '' : (cells[index] ?? '').trim().replace(formulaQuote, '');
        if (text.includes('\u0000')) {
            fail(field, nulMessage);
            return '';
        }
        return text;
    };

    const warnings: ImportError[] = [];
    // The whole name's column, in the order its header says; the last and first name columns come first.
    const fullColumn = columns.has('fullName') ? 'fullName' : 'fullNameFirstLast';
    const full = splitFullName(cell(fullColumn), fullColumn === 'fullName' ? 'lastFirst' : 'firstLast');
    const lastNameText = cell('lastName');
    const firstNameText = cell('firstName');
    // A name taken from the full name is that column's to fix.
    const nameFields = {
        lastName: lastNameText || !columns.has(fullColumn) ? 'lastName' : fullColumn,
        firstName: firstNameText || !columns.has(fullColumn) ? 'firstName' : fullColumn,
    } as const;

    const phoneText = cell('phone');
    const phone = phoneText ? e164Phone(phoneText, context.country) : undefined;
    if (phoneText && !phone) fail('phone', 'app.validation.phone');

    // A birth date is a detail: one that cannot be read is left out, and the row imported without it.
    const birthDateText = cell('birthDate');
    const birthDate = birthDateText ? parseDate(birthDateText, { today: context.today }) : undefined;
    if (birthDateText && !birthDate)
        warnings.push({
            field: 'birthDate',
            message: 'app.import.birth_date_dropped',
            params: { value: birthDateText },
        });

    const statusText = cell('status');
    const status = statusText
        ? context.statuses.find(
              known =>
                  nameKey(known.id) === nameKey(statusText) ||
                  known.names.some(name => nameKey(name) === nameKey(statusText)),
          )?.id
        : context.defaultStatus;
    if (!status) fail('status', 'app.import.unknown_status');

    const email = cell('email').toLowerCase();
    const customer: ImportedCustomer = {
        firstName: firstNameText || full.firstName || '',
        lastName: lastNameText || full.lastName || '',
        phone: phone ?? (phoneText || null),
        email: email || null,
        birthDate: birthDate ?? null,
        status: status ?? statusText,
        source: cell('source') || null,
        notes: cell('notes') || null,
    };
    const checked = importedCustomerSchema.safeParse(customer);
    if (checked.success) Object.assign(customer, checked.data);
    else
        for (const issue of checked.error.issues) {
            const field = String(issue.path[0]) as keyof ImportedCustomer;
            fail(field === 'firstName' || field === 'lastName' ? nameFields[field] : field, issueMessage(issue));
        }
    // The studio must reach them: a phone or an e-mail (a file names no guardian).
    if (!phoneText && !hasContact(customer) && !errors.some(error => error.field === 'email'))
        fail('phone', 'app.validation.contact');

    return { customer, ...passOf(cell, fail, context), errors, ...(warnings.length && { warnings }) };
};

/** The pass of a row when it names one still running, or why it is left out; its problems go to `fail`. */
const passOf = (
    cell: (field: 'plan' | 'visitsLeft' | 'passEnds') => string,
    fail: (field: ImportError['field'], message: string) => void,
    context: ImportContext,
): Pick<ImportedRow, 'pass' | 'passDropped'> => {
    let faults = 0;
    const failPass = (field: ImportError['field'], message: string) => {
        faults++;
        fail(field, message);
    };
    const planText = cell('plan');
    const visitsText = cell('visitsLeft');
    const endsText = cell('passEnds');
    if (!planText) {
        if (visitsText || endsText) failPass('plan', 'ra.validation.required');
        return {};
    }
    const plan = context.plans.find(name => nameKey(name) === nameKey(planText));
    if (!plan) failPass('plan', 'app.import.unknown_plan');

    let visitsLeft: number | null = null;
    if (/^\d+$/.test(visitsText)) visitsLeft = Number(visitsText);
    else if (/^-\d+$/.test(visitsText)) failPass('visitsLeft', 'app.validation.not_negative');
    else if (visitsText && !uncounted.test(nameKey(visitsText))) failPass('visitsLeft', 'app.validation.integer');
    if (visitsLeft !== null && visitsLeft > 10_000) failPass('visitsLeft', 'app.validation.too_large');

    const endDate = endsText ? parseDate(endsText, { today: context.today, future: true }) : undefined;
    if (!endsText) failPass('passEnds', 'ra.validation.required');
    else if (!endDate) failPass('passEnds', 'app.validation.date');

    if (!plan || !endDate || faults > 0) return {};
    if (endDate < context.today) return { passDropped: 'ended' };
    if (visitsLeft === 0) return { passDropped: 'used_up' };
    return { pass: { plan, visitsLeft, endDate } };
};

/**
 * A row's problem or warning as the import answers it: the file's line, the person the row is about
 * (their name, else their e-mail or phone), the field at fault, an i18n key and what it names.
 */
export type ImportRowProblem = {
    row: number;
    name: string;
    field: string;
    message: string;
    params?: Record<string, string | number>;
};

/**
 * What the import does with a row it takes: creates a customer, updates one (`fields` the row changes),
 * or leaves one as it is; with the person's name (the card's, for one found), phone and e-mail, and the
 * plan of the pass it carries over.
 */
export type ImportLine = {
    row: number;
    action: 'create' | 'update' | 'skip';
    name: string;
    phone: string | null;
    email: string | null;
    customerId?: number;
    fields?: string[];
    pass?: string;
};

/** The person a row is about, for its problems: the name as the row gives it, else its e-mail or phone. */
export const rowPerson = (customer: Pick<ImportedCustomer, 'firstName' | 'lastName' | 'email' | 'phone'>): string =>
    `${customer.lastName} ${customer.firstName}`.trim() || customer.email || customer.phone || '';
