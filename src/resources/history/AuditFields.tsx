import { Box, Link, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import { fieldChanges, hiddenValue, type FieldChange } from '../../domain/audit';
import { isStudioCollection } from '../../domain/roles';
import type { AuditEntry } from '../../domain/types';
import { useStudioConfig } from '../../app/studio';

/*
 * How one entry of the audit trail reads: who made the change, to which record, and each field as it
 * was and as it became, in the user's language. Shared by the list of all changes, the History panels
 * and the CSV export.
 */

const settingsCollections = new Set(['users', 'courses', 'studios', 'directions', 'subscriptions']);

/** The app's resource for a collection, for the labels of its fields and the path of its page. */
export const resourceOf = (collection: string) =>
    settingsCollections.has(collection) ? `settings/${collection}` : collection;

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const longest = 80;

/** Fields holding a value of one of the domain's enumerations, by the messages that name its values. */
const enumerations: Record<string, string> = {
    kind: 'app.payment_kinds',
    method: 'app.payment_methods',
    role: 'app.roles',
    level: 'app.levels',
};
const moneyFields = new Set(['amount', 'price']);
/** Fields that hold the id of another record. */
const isReference = (field: string) => /Ids?$/.test(field) || field === 'createdBy' || field === 'markedBy';

type Translate = ReturnType<typeof useTranslate>;

/** Turns a stored value of a field into text as staff read it: dates in the studio's zone, money, labels, yes/no. */
export const useValueText = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const config = useStudioConfig();
    const timeZone = config?.timezone;
    const money = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency: config?.currency ?? 'RUB',
        maximumFractionDigits: 2,
    });
    const text = (value: unknown, field = ''): string => {
        if (value === null || value === undefined || value === '') return '—';
        if (value === hiddenValue) return translate('app.history.hidden');
        if (typeof value === 'boolean') return translate(value ? 'app.history.yes' : 'app.history.no');
        if (typeof value === 'number' && moneyFields.has(field)) return money.format(value);
        if (typeof value === 'number' && isReference(field)) return `#${value}`;
        if (typeof value === 'string' && field in enumerations)
            return translate(`${enumerations[field]}.${value}`, { _: value });
        if (typeof value === 'string' && instantPattern.test(value)) return formatDateTime(value, locale, timeZone);
        if (typeof value === 'string' && datePattern.test(value)) return formatShortDate(value, locale);
        if (Array.isArray(value))
            return (
                value
                    .map(item =>
                        item !== null && typeof item === 'object'
                            ? JSON.stringify(item)
                            : isReference(field)
                              ? `#${item}`
                              : String(item),
                    )
                    .join(', ') || '—'
            );
        const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
        return shown.length > longest ? `${shown.slice(0, longest - 1)}…` : shown;
    };
    return text;
};

type ValueText = ReturnType<typeof useValueText>;

export const fieldLabel = (translate: Translate, collection: string, field: string) =>
    translate(`resources.${resourceOf(collection)}.fields.${field}`, { _: field });

/** The change as one line of text: "Frozen from: — → 23.11.2026". */
export const changeText = (translate: Translate, text: ValueText, collection: string, change: FieldChange): string => {
    const label = fieldLabel(translate, collection, change.field);
    if ('before' in change && 'after' in change)
        return `${label}: ${text(change.before, change.field)} → ${text(change.after, change.field)}`;
    return `${label}: ${text('after' in change ? change.after : change.before, change.field)}`;
};

/** Who made it: the user's name then and their role, the customer on the payment page, or the server itself. */
export const whoText = (translate: Translate, entry: Pick<AuditEntry, 'userName' | 'role' | 'endpoint'>): string => {
    if (entry.userName)
        return entry.role ? `${entry.userName} (${translate(`app.roles.${entry.role}`)})` : entry.userName;
    return translate(entry.endpoint?.includes('/api/public/') ? 'app.history.payment_page' : 'app.history.system');
};

export const recordText = (translate: Translate, entry: Pick<AuditEntry, 'collection' | 'recordId'>): string =>
    `${translate(`app.history.collections.${entry.collection}`, { _: entry.collection })} #${entry.recordId}`;

/** Where the record can be seen: its own page, or the customer's card or the class its records belong to. */
const pathOf = (entry: AuditEntry): string | null => {
    if (entry.action === 'delete') return null;
    // A developer's prototype collection: its guessed show screen.
    if (!isStudioCollection(entry.collection)) return `/${entry.collection}/${encodeURIComponent(entry.recordId)}/show`;
    if (entry.collection === 'customers' || entry.collection === 'events' || entry.collection === 'schedules')
        return `/${entry.collection}/${entry.recordId}`;
    if (settingsCollections.has(entry.collection)) return `/settings/${entry.collection}/${entry.recordId}`;
    if (entry.collection === 'attendances' && entry.eventId) return `/events/${entry.eventId}`;
    if (entry.customerId) return `/customers/${entry.customerId}`;
    return null;
};

export const WhoField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    return entry ? <span>{whoText(translate, entry)}</span> : null;
};

export const ActionField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    return entry ? <span>{translate(`app.history.actions.${entry.action}`)}</span> : null;
};

export const RecordField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    if (!entry) return null;
    const path = pathOf(entry);
    const label = recordText(translate, entry);
    return path ? (
        <Link component={RouterLink} to={path} onClick={event => event.stopPropagation()}>
            {label}
        </Link>
    ) : (
        <span>{label}</span>
    );
};

/** Each field of the change on its own line: the field's name, what it was and what it became. */
export const ChangesField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    const text = useValueText();
    if (!entry) return null;
    return (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 220 }}>
            {fieldChanges(entry).map(change => (
                <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                        {fieldLabel(translate, entry.collection, change.field)}:
                    </Box>{' '}
                    {'before' in change && (
                        <Box
                            component="span"
                            sx={
                                'after' in change
                                    ? { textDecoration: 'line-through', color: 'text.secondary' }
                                    : undefined
                            }
                        >
                            {text(change.before, change.field)}
                        </Box>
                    )}
                    {'before' in change && 'after' in change && ' → '}
                    {'after' in change && <span>{text(change.after, change.field)}</span>}
                </Typography>
            ))}
        </Box>
    );
};
