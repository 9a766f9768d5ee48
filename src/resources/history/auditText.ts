import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import { useStudioConfig } from '../../app/studio';
import { fieldChanges, hiddenValue, type FieldChange } from '../../domain/audit';
import type { PayRate } from '../../domain/pay';
import { erasedValue } from '../../domain/privacy';
import { isStudioCollection } from '../../domain/roles';
import { statusLabel } from '../../domain/statuses';
import { readableFields } from '../../domain/collections';
import type { AuditEntry, CollectionName } from '../../domain/types';
import { weekdayName } from '../schedules/SlotsField';
import { rateWords } from '../users/RateText';
import {
    isNamed,
    namedRecord,
    ownValues,
    referenceOf,
    resourceOf,
    statusListOf,
    statusText,
    type NameBook,
    type Named,
    type Wording,
} from './auditNames';

/*
 * How one entry of the audit trail reads: who made the change, to which record, and each field as it
 * was and as it became, in the user's language: records by their names, lists and nested values as a
 * short summary. Shared by the list of all changes, the History panels and the CSV export; pieces that
 * name a record carry its page, which the screens show as a link.
 */

/** A piece of text, or a record's name with its page. */
export type Piece = string | Named;

export const piecesText = (pieces: readonly Piece[]): string =>
    pieces.map(piece => (typeof piece === 'string' ? piece : piece.text)).join('');

/** Everything a value is read with: the wording and the names of the records of the entries shown. */
interface AuditWording extends Wording {
    book: NameBook;
}

type Translate = Wording['translate'];

/** The studio's money in the user's language, and the wording of entries with the names in `book`. */
export const useAuditWording = (book: NameBook): AuditWording => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const config = useStudioConfig();
    const format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency: config?.currency ?? 'RUB',
        maximumFractionDigits: 2,
    });
    return { translate, locale, timeZone: config?.timezone, money: amount => format.format(amount), book };
};

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const localDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const longest = 80;
/** A list of records names this many, then how many more. */
const listed = 5;

/** Fields holding a value of one of the domain's enumerations, by the messages that name its values. */
const enumerations: Record<string, string> = {
    kind: 'app.payment_kinds',
    method: 'app.payment_methods',
    role: 'app.roles',
    level: 'app.levels',
    'events.status': 'resources.events.statuses',
    'paymentLinks.status': 'resources.paymentLinks.statuses',
    'penalties.kind': 'app.penalties.kinds',
    'penalties.action': 'app.penalties.actions',
    'penalties.status': 'app.penalties.statuses',
};
const moneyFields = new Set(['amount', 'price', 'total', 'bonus', 'minimum']);

type Values = Record<string, unknown>;
const isValues = (value: unknown): value is Values =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
const valuesOf = (value: unknown): Values[] => (Array.isArray(value) ? value.filter(isValues) : []);

const signed = (wording: AuditWording, amount: number) => `${amount > 0 ? '+' : ''}${wording.money(amount)}`;
const sum = (items: Values[], field: string) =>
    Math.round(items.reduce((total, item) => total + (typeof item[field] === 'number' ? item[field] : 0), 0) * 100) /
    100;

/** A teacher's rates, each in words with the direction or course it is limited to. */
const ratesText = (wording: AuditWording, rates: Values[]) =>
    rates
        .map(rate => {
            const reach = rate.courseId ?? rate.directionId;
            const reachName =
                reach == null
                    ? undefined
                    : namedRecord(wording.book, wording, rate.courseId != null ? 'courses' : 'directions', reach).text;
            return rateWords(wording, rate as unknown as PayRate, reachName);
        })
        .join('; ');

/** A sign-in hold: until when, after how many failures, and its release. */
const holdText = (wording: AuditWording, hold: Values) => {
    const { translate, locale, timeZone } = wording;
    const held = translate('app.history.summaries.hold', {
        until: formatDateTime(String(hold.until), locale, timeZone),
        smart_count: Number(hold.failures) || 0,
    });
    if (!hold.releasedAt) return held;
    const released = translate('app.history.summaries.released', {
        date: formatDateTime(String(hold.releasedAt), locale, timeZone),
        name: String(hold.releasedBy ?? ''),
    });
    return `${held}; ${released}`;
};

/** Lists and objects of the studio's records as a short summary, by collection and field. */
const summaries: Record<string, (wording: AuditWording, value: unknown) => string | undefined> = {
    'users.pay': (wording, value) => ratesText(wording, valuesOf(value)) || undefined,
    'payPeriods.lines': (wording, value) =>
        wording.translate('app.history.summaries.lines', {
            smart_count: valuesOf(value).length,
            total: wording.money(sum(valuesOf(value), 'pay')),
        }),
    'payPeriods.adjustments': (wording, value) =>
        wording.translate('app.history.summaries.adjustments', {
            smart_count: valuesOf(value).length,
            total: signed(wording, sum(valuesOf(value), 'pay')),
        }),
    'schedules.slots': (wording, value) =>
        valuesOf(value)
            .map(
                slot =>
                    `${weekdayName(Number(slot.weekday), wording.locale)} ${String(slot.startTime)} (${wording.translate(
                        'app.history.summaries.minutes',
                        { smart_count: Number(slot.durationMinutes) },
                    )})`,
            )
            .join(', '),
    'statuses.labels': (wording, value) =>
        isValues(value) ? statusLabel({ code: '', labels: value }, wording.locale) : undefined,
    'users.signInHold': (wording, value) => (isValues(value) ? holdText(wording, value) : undefined),
};

const cut = (shown: string) => (shown.length > longest ? `${shown.slice(0, longest - 1)}…` : shown);

/** A single value, not a list nor an object, as staff read it: dates in the studio's zone, money, labels, yes/no. */
const scalarText = (wording: AuditWording, collection: string, field: string, value: unknown): string => {
    const { translate, locale, timeZone } = wording;
    if (value === null || value === undefined || value === '') return '—';
    if (value === hiddenValue) return translate('app.history.hidden');
    if (value === erasedValue) return translate('app.history.erased');
    if (typeof value === 'boolean') return translate(value ? 'app.history.yes' : 'app.history.no');
    if (typeof value === 'number' && moneyFields.has(field)) return wording.money(value);
    const list = statusListOf(collection, field);
    if (typeof value === 'string' && list) return statusText(wording.book, locale, list, value);
    const enumeration = enumerations[`${collection}.${field}`] ?? enumerations[field];
    if (typeof value === 'string' && enumeration) return translate(`${enumeration}.${value}`, { _: value });
    if (typeof value === 'string' && instantPattern.test(value)) return formatDateTime(value, locale, timeZone);
    if (typeof value === 'string' && localDateTimePattern.test(value)) return formatDateTime(value, locale);
    if (typeof value === 'string' && datePattern.test(value)) return formatShortDate(value, locale);
    return cut(String(value));
};

/** Records by name, the first few of a long list, then how many more. */
const namesPieces = (wording: AuditWording, names: Named[]): Piece[] => {
    const pieces: Piece[] = names.slice(0, listed).flatMap((name, index) => (index ? [', ', name] : [name]));
    if (names.length > listed)
        pieces.push(` ${wording.translate('app.history.more', { smart_count: names.length - listed })}`);
    return pieces;
};

/** An object of a prototype or an unknown shape: its fields, labelled, with their values; lists counted. */
const objectText = (wording: AuditWording, collection: string, values: Values): string =>
    cut(
        Object.entries(values)
            .map(([field, value]) => {
                const shown =
                    value !== null && typeof value === 'object'
                        ? wording.translate('app.history.summaries.items', {
                              smart_count: Array.isArray(value) ? value.length : Object.keys(value).length,
                          })
                        : scalarText(wording, collection, field, value);
                return `${fieldLabel(wording.translate, collection, field)}: ${shown}`;
            })
            .join('; '),
    );

/** A value of a field as staff read it: records by name (with their pages), lists and objects summed up. */
export const valuePieces = (wording: AuditWording, collection: string, field: string, value: unknown): Piece[] => {
    if (value === null || value === undefined || value === '') return ['—'];
    if (Array.isArray(value) && value.length === 0) return ['—'];
    // Erased: neither a record to name nor a value to summarise.
    if (value === erasedValue) return [wording.translate('app.history.erased')];
    const target = referenceOf(collection, field);
    if (target) {
        const ids = Array.isArray(value) ? value : [value];
        return namesPieces(
            wording,
            ids.map(id => namedRecord(wording.book, wording, target, id)),
        );
    }
    const summary = summaries[`${collection}.${field}`]?.(wording, value);
    if (summary !== undefined) return [summary || '—'];
    if (Array.isArray(value)) {
        if (value.some(item => item !== null && typeof item === 'object'))
            return [wording.translate('app.history.summaries.items', { smart_count: value.length })];
        return [cut(value.map(item => scalarText(wording, collection, field, item)).join(', '))];
    }
    if (isValues(value)) return [objectText(wording, collection, value)];
    return [scalarText(wording, collection, field, value)];
};

/** Fields whose labels the forms split by part: a status's labels read as its label, whatever the language. */
const labelledAs: Record<string, string> = { 'statuses.labels': 'label' };

/** The message that labels a field of a collection, as its forms and lists label it. */
export const fieldLabelKey = (collection: string, field: string) =>
    `resources.${resourceOf(collection)}.fields.${labelledAs[`${collection}.${field}`] ?? field}`;

export const fieldLabel = (translate: Translate, collection: string, field: string) =>
    translate(fieldLabelKey(collection, field), { _: field });

/** Fields that repeat the name of a user another field of the change names already: who closed a pay period. */
const namesOfFields: Record<string, string> = { closedByName: 'closedBy', reopenedByName: 'reopenedBy' };

/** Where a field comes in its collection's forms: the order the history lists it in, whatever order the engine stored. */
const placeOf = (collection: string, field: string): number => {
    const fields = isStudioCollection(collection) ? readableFields(collection as CollectionName) : [];
    const place = fields.indexOf(field);
    return place < 0 ? fields.length : place;
};

/** The fields an entry shows, in the order of the collection's fields: each once, the names other fields give left out. */
export const shownChanges = (entry: Pick<AuditEntry, 'collection' | 'action' | 'before' | 'after'>): FieldChange[] => {
    const changes = fieldChanges(entry);
    const fields = new Set(changes.map(change => change.field));
    return changes
        .filter(change => !fields.has(namesOfFields[change.field]))
        .sort((a, b) => placeOf(entry.collection, a.field) - placeOf(entry.collection, b.field));
};

/** The change as one line of text: "Frozen from: — → 23.11.2026". */
export const changeText = (wording: AuditWording, collection: string, change: FieldChange): string => {
    const label = fieldLabel(wording.translate, collection, change.field);
    const shown = (value: unknown) => piecesText(valuePieces(wording, collection, change.field, value));
    if ('before' in change && 'after' in change) return `${label}: ${shown(change.before)} → ${shown(change.after)}`;
    return `${label}: ${shown('after' in change ? change.after : change.before)}`;
};

/** Who made it: the user's name then and their role, the customer paying online, or the server itself. */
export const whoText = (translate: Translate, entry: Pick<AuditEntry, 'userName' | 'role' | 'endpoint'>): string => {
    if (entry.userName)
        return entry.role ? `${entry.userName} (${translate(`app.roles.${entry.role}`)})` : entry.userName;
    return translate(entry.endpoint?.includes('/api/public/') ? 'app.history.payment_page' : 'app.history.system');
};

/**
 * The record changed, by its kind and name: "Pass: Yoga 8 classes", a mark or a penalty by its customer
 * and class, a developer's prototype record by its name or title. Deleted records have no page to open.
 */
export const recordPieces = (wording: AuditWording, entry: AuditEntry): Piece[] => {
    const { translate, book } = wording;
    const kind = translate(`app.history.collections.${entry.collection}`, { _: entry.collection });
    const own = ownValues(entry);
    const linked = (named: Named): Named => (entry.action === 'delete' ? { ...named, path: null } : named);
    if (!isStudioCollection(entry.collection)) {
        const name = [own.name, own.title].find(value => typeof value === 'string' && value) ?? entry.recordId;
        const path = `/${entry.collection}/${encodeURIComponent(entry.recordId)}/show`;
        return [`${kind}: `, linked({ text: String(name), path })];
    }
    // A mark, a booking and a penalty have no name of their own: whose they are and which class they concern.
    if (entry.collection === 'attendances' || entry.collection === 'bookings' || entry.collection === 'penalties') {
        const customer = namedRecord(book, wording, 'customers', entry.customerId);
        const event = namedRecord(book, wording, 'events', entry.eventId);
        return [`${kind}: `, linked(customer), ' · ', linked(event)];
    }
    if (entry.collection === 'statuses') {
        const status = book.statuses.find(candidate => String(candidate.id) === entry.recordId) ?? own;
        const label = status.labels
            ? statusLabel({ code: String(status.code ?? ''), labels: status.labels }, wording.locale)
            : book.ready
              ? translate('app.history.gone')
              : '…';
        return [`${kind}: `, label];
    }
    if (!isNamed(entry.collection)) return [kind];
    return [`${kind}: `, linked(namedRecord(book, wording, entry.collection, entry.recordId, own))];
};
