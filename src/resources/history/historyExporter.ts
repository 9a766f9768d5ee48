import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { fieldChanges } from '../../domain/audit';
import { toCsv } from '../../domain/csv';
import type { AuditEntry } from '../../domain/types';
import { download } from '../../app/csv';
import { changeText, recordText, useValueText, whoText } from './AuditFields';
import { useStudioConfig } from '../../app/studio';

/** The changes as an accountant or an owner reads them: when (studio time), who, what, which record, and each field's change. */
export const useHistoryExporter = (): Exporter<AuditEntry> => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioConfig()?.timezone;
    const text = useValueText();
    return entries => {
        const field = (name: string) => translate(`resources.history.fields.${name}`);
        const header = ['createdAt', 'userName', 'action', 'collection', 'changes', 'endpoint'].map(field);
        const rows = entries.map(entry => [
            formatDateTime(entry.createdAt, locale, timeZone),
            whoText(translate, entry),
            translate(`app.history.actions.${entry.action}`),
            recordText(translate, entry),
            fieldChanges(entry)
                .map(change => changeText(translate, text, entry.collection, change))
                .join('\n'),
            entry.endpoint,
        ]);
        download('history.csv', toCsv([header, ...rows]));
    };
};
