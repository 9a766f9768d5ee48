import { useState } from 'react';
import {
    Alert,
    Button,
    Checkbox,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    FormControlLabel,
    Stack,
    Typography,
} from '@mui/material';
import type { PortalMembership } from '../domain/api/memberships';
import { formatMoney } from './format';
import { useI18n } from './i18n';
import { membershipApi } from './membershipApi';
import { errorText, Failed, Loading, useLoad } from './parts';
import { usePaying } from './paying';

/*
 * Changing a membership's card in /my: a card is saved only by a payment made with it, so the new card
 * pays the next month now on the provider's page, beside an unticked box with the consent's words; it is
 * then the card charged each month, and the old one is removed.
 */
export const MembershipCardChange = ({
    membership,
    onClose,
}: {
    membership: PortalMembership;
    onClose: () => void;
}) => {
    const { t, locale } = useI18n();
    const [agreed, setAgreed] = useState(false);
    const terms = useLoad(`card ${membership.id}`, () => membershipApi.cardTerms(membership.id));
    const { pending, error, pay } = usePaying();
    const data = terms.data;
    const change = () =>
        void pay(`card ${membership.id}`, async () => ({
            url: (await membershipApi.changeCard(membership.id)).confirmationUrl,
        }));

    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="membership-card-title">
            <DialogTitle id="membership-card-title">{t('app.portal.memberships.change_card_title')}</DialogTitle>
            <DialogContent>
                {terms.error !== undefined ? (
                    <Failed error={terms.error} onRetry={terms.reload} />
                ) : !data ? (
                    <Loading />
                ) : (
                    <Stack spacing={1.5}>
                        <Typography>
                            {t('app.portal.memberships.change_card_text', {
                                amount: formatMoney(data.amount, data.currency, locale),
                                plan: membership.planName,
                            })}
                        </Typography>
                        <FormControlLabel
                            sx={{ alignItems: 'flex-start' }}
                            control={
                                <Checkbox
                                    checked={agreed}
                                    onChange={event => setAgreed(event.target.checked)}
                                    sx={{ mt: -1 }}
                                />
                            }
                            label={data.consentText}
                        />
                        {error !== undefined && <Alert severity="error">{errorText(t, error)}</Alert>}
                    </Stack>
                )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button color="inherit" onClick={onClose}>
                    {t('app.portal.common.close')}
                </Button>
                <Button variant="contained" disabled={!agreed || !data || pending !== undefined} onClick={change}>
                    {t('app.portal.memberships.change_card_pay')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
