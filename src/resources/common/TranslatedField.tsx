import { useRecordContext, useTranslate } from 'react-admin';

/** A value from a fixed set, shown in the user's language: `${prefix}.${value}`. */
export const TranslatedField = ({ source, prefix }: { source: string; prefix: string; label?: string }) => {
    const translate = useTranslate();
    const value = useRecordContext()?.[source] as string | undefined;
    return value ? <span>{translate(`${prefix}.${value}`, { _: value })}</span> : null;
};

/** Choices for a SelectInput from a fixed set, labelled by `${prefix}.${value}`. */
export const translatedChoices = (values: readonly string[], prefix: string) =>
    values.map(id => ({ id, name: `${prefix}.${id}` }));
