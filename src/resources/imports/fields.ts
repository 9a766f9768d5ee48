import type { TranslateFunction } from 'react-admin';
import type { ImportRowError } from '../../app/dataProvider';
import { importFields, type ImportField } from '../../domain/imports';

/** A field's name in the user's language; '' (or null) is "— ignore —". */
export const fieldLabel = (translate: TranslateFunction, field: ImportField | null | undefined): string =>
    translate(`app.import.fields.${field || 'ignore'}`);

/** The choices of a column's field: each field, then leaving the column out. */
export const fieldChoices: ImportField[] = [...importFields, ''];

/** A row's problem in words, with what it names (the earlier line, the customers matched). */
export const errorText = (translate: TranslateFunction, error: Pick<ImportRowError, 'message' | 'params'>): string =>
    translate(error.message, { _: error.message, ...error.params });
