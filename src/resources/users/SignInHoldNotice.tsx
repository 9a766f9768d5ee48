import { Alert, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
    useDataProvider,
    useLocale,
    useNotify,
    usePermissions,
    useRecordContext,
    useRefresh,
    useTranslate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { holdInForce } from '../../domain/signInLimits';
import type { User } from '../../domain/types';

/** On a user's card, for admins: the account is held after many failed sign-ins, with a button that releases it. */
export const SignInHoldNotice = () => {
    const user = useRecordContext<User>();
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const refresh = useRefresh();
    const { permissions } = usePermissions();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const release = useMutation({
        mutationFn: () => dataProvider.releaseSignIn({ id: user?.id as number }),
        onSuccess: () => {
            notify('app.sign_in_hold.released', { type: 'info' });
            refresh();
        },
        onError: (error: Error) => notify(error.message, { type: 'error' }),
    });
    const hold = user?.signInHold;
    if (permissions !== 'admin' || !holdInForce(hold, Date.now())) return null;
    const since = new Date(hold.since).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (
        <Alert
            severity="warning"
            sx={{ mb: 2, width: '100%' }}
            action={
                <Button color="inherit" size="small" onClick={() => release.mutate()} disabled={release.isPending}>
                    {translate('app.sign_in_hold.release')}
                </Button>
            }
        >
            {translate('app.sign_in_hold.held', { since, failures: hold.failures })}
        </Alert>
    );
};
