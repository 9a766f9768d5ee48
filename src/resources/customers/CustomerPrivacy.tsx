import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useLocaleState, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import type { Role } from '../../domain/roles';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { EraseDialog } from './EraseDialog';
import { erasedStatus } from './erased';
import { downloadExport } from './privacyApi';

/*
 * The customer's personal data on the card, for admins: everything held about them as a file, and its
 * erasure. An erased card keeps its money and visits under an anonymous name and is read only.
 */

type ErasedCard = Customer & { erasedAt?: string | null };

/** "Export data" and "Erase personal data", for admins on a card not erased. */
export const CustomerPrivacy = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const notify = useNotify();
    const { permissions: role } = usePermissions<Role>();
    const [erasing, setErasing] = useState(false);
    const [exporting, setExporting] = useState(false);
    if (!customer || role !== 'admin' || customer.status === erasedStatus) return null;
    const exportData = () => {
        setExporting(true);
        downloadExport(customer.id)
            .then(
                name => notify('app.privacy.export.done', { type: 'success', messageArgs: { name } }),
                error =>
                    notify('app.privacy.export.failed', {
                        type: 'error',
                        messageArgs: { message: refusalMessage(translate, error) },
                    }),
            )
            .finally(() => setExporting(false));
    };
    return (
        <>
            <Button variant="outlined" size="small" onClick={exportData} disabled={exporting} sx={{ flexShrink: 0 }}>
                {translate('app.privacy.export.button')}
            </Button>
            <Button
                variant="outlined"
                size="small"
                color="error"
                onClick={() => setErasing(true)}
                sx={{ flexShrink: 0 }}
            >
                {translate('app.privacy.erase.button')}
            </Button>
            <EraseDialog open={erasing} onClose={() => setErasing(false)} />
        </>
    );
};

/** What an erased card says first: when, and that money and visits are kept. */
export const ErasedBanner = () => {
    const customer = useRecordContext<ErasedCard>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (customer?.status !== erasedStatus) return null;
    return (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
            {customer.erasedAt
                ? translate('app.privacy.erased_banner', { date: formatShortDate(customer.erasedAt, locale, timeZone) })
                : translate('app.privacy.erased_banner_undated')}
        </Alert>
    );
};
