import { useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Confirm, SimpleForm, useRecordContext, useSaveContext, useTranslate, type SimpleFormProps } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { newZeroRates, type PayRate } from '../../domain/pay';
import type { User } from '../../domain/types';
import { RateText } from './RateText';

interface Asking {
    rates: PayRate[];
    answer: (save: boolean) => void;
}

const ZeroRates = ({ rates }: { rates: PayRate[] }) => {
    const translate = useTranslate();
    return (
        <>
            {translate('app.timetable.pay.zero_text', { smart_count: rates.length })}
            <Box component="ul" sx={{ mb: 0 }}>
                {rates.map((rate, index) => (
                    <li key={index}>
                        <RateText rate={rate} />
                    </li>
                ))}
            </Box>
        </>
    );
};

/**
 * The user form, which asks before saving a teacher's rate that pays nothing (a new row whose amount
 * was never filled in, most likely). The save waits for the answer, so the server's field errors still
 * land on the fields.
 */
export const UserForm = ({ children, ...props }: SimpleFormProps & { children: ReactNode }) => {
    const { save } = useSaveContext();
    const saved = useRecordContext<User>()?.pay ?? [];
    const [asking, setAsking] = useState<Asking | null>(null);
    const submit = async (values: FieldValues) => {
        const rates = values.role === 'teacher' ? newZeroRates(saved, (values.pay as PayRate[] | undefined) ?? []) : [];
        const confirmed = !rates.length || (await new Promise<boolean>(answer => setAsking({ rates, answer })));
        setAsking(null);
        return confirmed ? save?.(values) : undefined;
    };
    return (
        <>
            <SimpleForm {...props} onSubmit={submit}>
                {children}
            </SimpleForm>
            <Confirm
                isOpen={!!asking}
                title="app.timetable.pay.zero_title"
                content={asking ? <ZeroRates rates={asking.rates} /> : null}
                confirm="ra.action.save"
                onConfirm={() => asking?.answer(true)}
                onClose={() => asking?.answer(false)}
            />
        </>
    );
};
