import { z } from 'zod';
import { e164Phone } from './phones';
import { customerSchema } from './schemas';
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
 */
const headersOf: Record<Exclude<ImportField, ''>, RegExp> = {
    lastName: /^(фамилия|last ?name|surname|family name)$/,
    firstName: /^(имя|first ?name|given name)$/,
    fullName:
        /^(фио|ф и о|full ?name|клиент|ученик|ученица|фио (клиента|ученика)|имя (клиента|ученика)|client|customer|student|client name|customer name|student name)$/,
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
                    : 'fullName'
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
 * A full name the Russian way, "Фамилия Имя Отчество": the first word is the last name, the second the
 * first name, and the patronymic is left out (customers have no field for it). One word is a last name.
 */
export const splitFullName = (text: string): { lastName?: string; firstName?: string } => {
    const [lastName, firstName] = text.trim().split(/\s+/).filter(Boolean);
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
    phone: string;
    email: string | null;
    birthDate: string | null;
    status: string;
    source: string | null;
    notes: string | null;
};

/** The pass a customer still has: the plan's name as the studio writes it, visits left (null when not counted), and its last day. */
export type ImportedPass = { plan: string; visitsLeft: number | null; endDate: string };

/** A problem of a row: the field at fault and an i18n key. */
export type ImportError = { field: Exclude<ImportField, ''>; message: string };

/**
 * A row read: the customer, the pass they still have, and the row's problems. A pass the row names that
 * has ended before today, or has no visits left, is not carried over, and `passDropped` says why.
 */
export type ImportedRow = {
    customer: ImportedCustomer;
    pass?: ImportedPass;
    passDropped?: 'ended' | 'used_up';
    errors: ImportError[];
};

/** A name as compared: lower case, ё as е, spaces as one. */
const nameKey = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

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
const importedCustomerSchema = customerSchema.pick(importedFields);

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

    const full = splitFullName(cell('fullName'));
    const lastNameText = cell('lastName');
    const firstNameText = cell('firstName');
    // A name taken from the full name is that column's to fix.
    const nameFields = {
        lastName: lastNameText || !columns.has('fullName') ? 'lastName' : 'fullName',
        firstName: firstNameText || !columns.has('fullName') ? 'firstName' : 'fullName',
    } as const;

    const phoneText = cell('phone');
    const phone = phoneText ? e164Phone(phoneText, context.country) : undefined;
    if (!phone) fail('phone', phoneText ? 'app.validation.phone' : 'ra.validation.required');

    const birthDateText = cell('birthDate');
    const birthDate = birthDateText ? parseDate(birthDateText, { today: context.today }) : undefined;
    if (birthDateText && !birthDate) fail('birthDate', 'app.validation.date');

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
        phone: phone ?? phoneText,
        email: email || null,
        birthDate: birthDate ?? (birthDateText || null),
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

    return { customer, ...passOf(cell, fail, context), errors };
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
