import { BooleanInput, NumberInput, PasswordInput, SelectInput, TextInput, useGetIdentity, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { payKinds, roles } from '../../domain/schemas';
import type { User } from '../../domain/types';
import { ColorInput } from '../common/ColorInput';
import { translatedChoices } from '../common/TranslatedField';

/** How a teacher is paid; other roles are not paid per class. */
const PayInputs = () => {
    const role: unknown = useWatch({ name: 'role' });
    const kind: unknown = useWatch({ name: 'pay.kind' });
    if (role !== 'teacher') return null;
    return (
        <>
            <SelectInput source="pay.kind" choices={translatedChoices(payKinds, 'app.pay_kinds')} />
            {kind !== 'none' && <NumberInput source="pay.amount" min={0} step={0.01} />}
        </>
    );
};

/**
 * The user's fields. On create the password is required; on edit it is a new password that replaces
 * the old one when given (the old one is never shown, the server only keeps its hash). Nobody changes
 * their own role or deactivates themselves: the server refuses, and the form does not offer it.
 */
export const UserInputs = ({ creating = false }: { creating?: boolean }) => {
    const record = useRecordContext<User>();
    const { identity } = useGetIdentity();
    const self = !creating && !!record && !!identity && record.id === identity.id;
    return (
        <>
            <TextInput source="name" />
            <TextInput source="email" autoComplete="email" />
            <TextInput source="phone" />
            <SelectInput source="role" choices={translatedChoices(roles, 'app.roles')} disabled={self} helperText={self ? 'app.validation.own_role' : undefined} />
            <BooleanInput source="active" disabled={self} />
            <ColorInput source="color" />
            <PayInputs />
            <PasswordInput
                source="password"
                label={creating ? 'resources.settings/users.fields.password' : 'app.settings.new_password'}
                helperText={creating ? 'app.validation.password_length' : 'app.settings.new_password_help'}
                autoComplete="new-password"
            />
        </>
    );
};
