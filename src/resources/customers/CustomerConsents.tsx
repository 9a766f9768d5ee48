import { Chip, Stack, Typography } from '@mui/material';
import { useCanAccess, useGetList, useLocale, useRecordContext, useTranslate } from 'react-admin';
import type { Consent } from '../../domain/consents';
import type { Customer } from '../../domain/types';
import { AskOffersButton } from '../consents/AskOffersButton';
import { Empty, Section } from './Section';
import { erasedStatus } from './erased';

const day = (at: string, locale: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(at));

/**
 * What the customer agreed to, the latest first: each consent with when and where it was given, its
 * text's version, and when it was revoked. Managers and admins.
 */
export const CustomerConsents = () => {
    const record = useRecordContext<Customer>();
    const translate = useTranslate();
    const locale = useLocale();
    const { canAccess } = useCanAccess({ resource: 'consents', action: 'list' });
    const { data = [] } = useGetList<Consent>(
        'consents',
        {
            filter: { customerId: record?.id },
            sort: { field: 'at', order: 'DESC' },
            pagination: { page: 1, perPage: 50 },
        },
        { enabled: !!canAccess && record?.id != null },
    );
    if (!canAccess || !record) return null;
    // An erased card is asked nothing more.
    const erased = record.status === erasedStatus;
    return (
        <Section
            title="app.consents.card.title"
            actions={
                !erased && (
                    <AskOffersButton
                        takesOffers={data.some(consent => consent.kind === 'marketing' && !consent.revokedAt)}
                    />
                )
            }
        >
            {data.length === 0 && <Empty text="app.consents.card.none" />}
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {data.map(consent => (
                    <Stack
                        component="li"
                        key={consent.id}
                        direction="row"
                        spacing={1}
                        alignItems="center"
                        flexWrap="wrap"
                        useFlexGap
                    >
                        <Chip
                            size="small"
                            color={consent.revokedAt ? 'default' : 'success'}
                            variant={consent.revokedAt ? 'outlined' : 'filled'}
                            label={translate(`app.consents.kinds.${consent.kind}`)}
                        />
                        <Typography variant="body2">
                            {day(consent.at, locale)} · {translate(`app.consents.sources.${consent.source}`)} ·{' '}
                            {translate('app.consents.card.version', { version: consent.textVersion })}
                            {consent.revokedAt &&
                                ` · ${translate('app.consents.card.revoked', { date: day(consent.revokedAt, locale) })}`}
                        </Typography>
                    </Stack>
                ))}
            </Stack>
        </Section>
    );
};
