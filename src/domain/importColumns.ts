import { z } from 'zod';

/*
 * Which column of an imported CSV file holds what, guessed from the headers of AlfaCRM, МойКласс,
 * YCLIENTS and hand-made sheets in Russian or English; the staff may choose otherwise on the screen.
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
