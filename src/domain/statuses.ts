import { z } from 'zod';
import { optionalText } from './fields';

/*
 * A status (a customer pipeline stage, an attendance mark) is read by people in the interface's
 * language, so it has a label per language. One is enough: the other language shows it too, which
 * beats showing the code.
 */

export type Locale = 'en' | 'ru';
type StatusLabels = Partial<Record<Locale, string | null>>;

const labelLocales: readonly Locale[] = ['en', 'ru'];

const hasLabel = (labels: StatusLabels) => labelLocales.some(locale => Boolean(labels[locale]?.trim()));

/** `{en, ru}`, each optional but not both: the message goes to the English input, the first of the form. */
export const statusLabelsSchema = z
    .object(
        {
            en: optionalText(60),
            ru: optionalText(60),
        },
        { error: 'ra.validation.required' },
    )
    .refine(hasLabel, { message: 'app.validation.label_required', path: ['en'] });

/** The label in `locale`, else in the other language, else the code: a status always reads as something. */
export const statusLabel = (status: { code: string; labels?: StatusLabels | null }, locale: string): string => {
    const labels = status.labels ?? {};
    const own = labels[locale as Locale]?.trim();
    if (own) return own;
    const other = labelLocales.map(candidate => labels[candidate]?.trim()).find(Boolean);
    return other ?? status.code;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A status stored before labels had languages keeps one `label` string: it was written in the studio's
 * own language, so it becomes the label in that language. Records already migrated are answered as they are.
 */
export const migrateStatusRecord = (record: unknown, defaultLocale: Locale): unknown => {
    if (!isObject(record) || isObject(record.labels) || typeof record.label !== 'string') return record;
    const { label, ...rest } = record;
    return { ...rest, labels: { [defaultLocale]: label } };
};

/** The studio's language as the database's general settings name it; English when they say nothing usable. */
const storedDefaultLocale = (values: Record<string, unknown>): Locale => {
    const configs = Array.isArray(values.configs) ? values.configs : [];
    const general = configs.find(config => isObject(config) && config.id === 'general') as
        Record<string, unknown> | undefined;
    const locale = general?.defaultLocale;
    return labelLocales.find(known => known === locale) ?? 'en';
};

/**
 * Brings a database as read from a file to the present shape of its records, in place. Only records of
 * an older shape change, so a current database is left as it is; the next rewrite stores the new shape.
 */
export const migrateDatabaseRecords = (values: Record<string, unknown>): void => {
    const statuses = values.statuses;
    if (!Array.isArray(statuses) || !statuses.some(status => isObject(status) && !isObject(status.labels))) return;
    const locale = storedDefaultLocale(values);
    values.statuses = statuses.map(status => migrateStatusRecord(status, locale));
};

/** The codes of a customer who has not started yet: asking about the studio, or trying a class. */
const beforeStarting = ['lead', 'trial'];

/**
 * Where a customer's purchase or booking moves them in the studio's customer statuses (`statuses` of
 * the list `customer`): a lead who buys or books is a customer now, in the list's default status (or
 * `active`, when the default is a newcomer's); a trial pass makes a lead `trial`, when the studio has
 * that status. Answers undefined when they stay where they are: past the newcomer's stages already, or
 * with no status to go to.
 */
export const statusAfterStarting = (
    current: string,
    statuses: readonly { name: string; code: string; isDefault?: boolean | null }[],
    trial: boolean,
): string | undefined => {
    const own = statuses.filter(status => status.name === 'customer');
    if (trial) return current === 'lead' && own.some(status => status.code === 'trial') ? 'trial' : undefined;
    if (!beforeStarting.includes(current)) return undefined;
    const next =
        own.find(status => status.isDefault && !beforeStarting.includes(status.code))?.code ??
        own.find(status => status.code === 'active')?.code;
    return next === current ? undefined : next;
};
