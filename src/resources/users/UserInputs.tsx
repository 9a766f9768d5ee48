import {
    ArrayInput,
    BooleanInput,
    DateInput,
    FormDataConsumer,
    IconButtonWithTooltip,
    NumberInput,
    PasswordInput,
    ReferenceInput,
    SelectInput,
    SimpleFormIterator,
    TextInput,
    useGetIdentity,
    useRecordContext,
    useSimpleFormIterator,
    useTranslate,
} from 'react-admin';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { payKinds } from '../../domain/payRates';
import { roles } from '../../domain/roles';
import { nextRate, type PayRate } from '../../domain/pay';
import type { User } from '../../domain/types';
import { ColorPickerInput } from './UserColor';
import { phoneText } from '../common/phones';
import { translatedChoices } from '../common/TranslatedField';
import { useStudioToday } from '../../app/studio';

/** A rate of the saved user in force before today: what past classes were paid by, shown but not changed. */
const lockedRate = (saved: readonly PayRate[], today: string) => (rate: Partial<PayRate> | undefined) =>
    !!rate &&
    (rate.from == null || rate.from < today) &&
    saved.some(
        other =>
            other.from === (rate.from ?? null) &&
            other.kind === rate.kind &&
            other.amount === rate.amount &&
            other.courseId === (rate.courseId ?? null) &&
            other.directionId === (rate.directionId ?? null),
    );

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const rateInput = { width: 176 };

/** One rate's inputs; a rate in force before today is shown disabled. */
const RateInputs = ({ locked }: { locked: (rate: Partial<PayRate> | undefined) => boolean }) => (
    <FormDataConsumer<{ pay: PayRate[] }>>
        {({ scopedFormData }) => {
            const rate = scopedFormData as Partial<PayRate> | undefined;
            const disabled = locked(rate);
            return (
                <Stack
                    direction="row"
                    flexWrap="wrap"
                    useFlexGap
                    columnGap={1}
                    sx={{ '& .MuiFormControl-root': rateInput }}
                >
                    <DateInput
                        source="from"
                        label="app.timetable.pay.from"
                        parse={emptyToNull}
                        readOnly={disabled}
                        helperText={rate?.from ? false : 'app.timetable.pay.from_beginning'}
                    />
                    <SelectInput
                        source="kind"
                        label="resources.settings/users.fields.pay.kind"
                        choices={translatedChoices(payKinds, 'app.pay_kinds')}
                        readOnly={disabled}
                    />
                    {rate?.kind !== 'none' && (
                        <NumberInput
                            source="amount"
                            label="resources.settings/users.fields.pay.amount"
                            min={0}
                            step={0.01}
                            readOnly={disabled}
                        />
                    )}
                    {rate?.kind === 'base_bonus' && (
                        <>
                            <NumberInput
                                source="bonus"
                                label="app.timetable.pay.bonus"
                                min={0}
                                step={0.01}
                                readOnly={disabled}
                            />
                            <NumberInput
                                source="threshold"
                                label="app.timetable.pay.threshold"
                                min={0}
                                step={1}
                                readOnly={disabled}
                            />
                        </>
                    )}
                    {rate?.kind !== 'none' && (
                        <NumberInput
                            source="minimum"
                            label="app.timetable.pay.minimum"
                            min={0}
                            step={0.01}
                            readOnly={disabled}
                        />
                    )}
                    <ReferenceInput source="directionId" reference="settings/directions">
                        <SelectInput
                            label="app.timetable.pay.direction"
                            optionText="name"
                            parse={emptyToNull}
                            readOnly={disabled}
                        />
                    </ReferenceInput>
                    <ReferenceInput source="courseId" reference="settings/courses">
                        <SelectInput
                            label="app.timetable.pay.course"
                            optionText="name"
                            parse={emptyToNull}
                            readOnly={disabled}
                        />
                    </ReferenceInput>
                </Stack>
            );
        }}
    </FormDataConsumer>
);

/** Adds a rate from today, starting from the rate in force (as the form holds it) so that a raise is one change. */
const AddRateButton = () => {
    const { add, source } = useSimpleFormIterator();
    const { getValues } = useFormContext();
    const today = useStudioToday();
    return (
        <IconButtonWithTooltip
            label="ra.action.add"
            size="small"
            color="primary"
            className={`button-add button-add-${source}`}
            onClick={() => add(nextRate((getValues(source) as PayRate[] | undefined) ?? [], today))}
        >
            <AddIcon fontSize="small" />
        </IconButtonWithTooltip>
    );
};

/**
 * How a teacher is paid: rates with the day each applies from. Rates in force before today stay as
 * they are (the server refuses to change them, so that past pay never changes); a new rate from today
 * or a later day changes the pay from then on. Other roles are not paid per class.
 */
const PayInputs = () => {
    const role: unknown = useWatch({ name: 'role' });
    const translate = useTranslate();
    // Read here: inside the list, the record context is each rate.
    const user = useRecordContext<User>();
    const locked = lockedRate(user?.pay ?? [], useStudioToday());
    if (role !== 'teacher') return null;
    return (
        <ArrayInput source="pay" label="app.timetable.pay.rates" helperText={translate('app.timetable.pay.rates_help')}>
            <SimpleFormIterator
                disableReordering
                disableClear
                disableRemove={rate => locked(rate as Partial<PayRate>)}
                addButton={<AddRateButton />}
            >
                <RateInputs locked={locked} />
            </SimpleFormIterator>
        </ArrayInput>
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
            <TextInput source="phone" type="tel" format={phoneText} />
            <SelectInput
                source="role"
                choices={translatedChoices(roles, 'app.roles')}
                disabled={self}
                helperText={self ? 'app.validation.own_role' : undefined}
            />
            <BooleanInput source="active" disabled={self} />
            <ColorPickerInput source="color" />
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
