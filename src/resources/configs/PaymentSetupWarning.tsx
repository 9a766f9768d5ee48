import { Alert, Link as MuiLink } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';

/**
 * Says which provider takes the payments and where its notices go (on the settings page), and when
 * payment links take no money (the test provider) or cannot be paid online at all. On the
 * settings page always; on the page an admin lands on after signing in (`atSignIn`) only when the
 * server is on a public address, where it matters, with a link to the settings.
 */
export const PaymentSetupWarning = ({ atSignIn = false }: { atSignIn?: boolean }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { data } = useQuery({ queryKey: ['paymentSetup'], queryFn: () => dataProvider.getPaymentSetup() });
    if (!data || (atSignIn && (!data.publicAddress || data.mode === 'live'))) return null;
    if (data.mode === 'live')
        return (
            <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }} data-testid="payment-setup">
                {translate('app.money.payment_setup.live', {
                    provider: data.provider ? translate(`app.money.providers.${data.provider}`) : '',
                    url: data.noticeUrl ?? '',
                })}
            </Alert>
        );
    return (
        <Alert
            severity={data.mode === 'off' ? 'error' : 'warning'}
            sx={{ mb: 2, maxWidth: atSignIn ? undefined : 640 }}
            data-testid="payment-setup"
        >
            {translate(`app.money.payment_setup.${data.mode}`)}{' '}
            {atSignIn && (
                <MuiLink component={Link} to="/configs">
                    {translate('app.menu.configs')}
                </MuiLink>
            )}
        </Alert>
    );
};
