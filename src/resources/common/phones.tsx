import { FunctionField, type FunctionFieldProps } from 'react-admin';
import { groupedPhone } from '../../domain/phones';

/*
 * Phones are stored in E.164 (+79526327015) and shown grouped, as people read and dial them
 * (+7 952 632-70-15), wherever a screen shows one.
 */

/** A phone input's text: the stored phone grouped, what staff type as they type it. */
export const phoneText = (value: unknown): string => (typeof value === 'string' ? groupedPhone(value) : '');

/** A record's phone, grouped. */
export const PhoneField = ({ source = 'phone', ...props }: Omit<FunctionFieldProps, 'render'>) => (
    <FunctionField
        source={source}
        render={record => phoneText(record[source])}
        sx={{ whiteSpace: 'nowrap' }}
        {...props}
    />
);
