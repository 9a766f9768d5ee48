import { useEffect, useState } from 'react';
import { Button, Snackbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import { newVersionAvailable, versionCheckIntervalMs } from './version';

/** Checks every 5 minutes, and when the tab comes back into view, whether a new version is out; offers a reload. */
export const VersionCheck = () => {
    const translate = useTranslate();
    const [outdated, setOutdated] = useState(false);

    useEffect(() => {
        let stopped = false;
        const check = () => {
            if (!stopped) newVersionAvailable().then(found => found && !stopped && setOutdated(true));
        };
        const onVisible = () => document.visibilityState === 'visible' && check();
        const timer = window.setInterval(check, versionCheckIntervalMs);
        document.addEventListener('visibilitychange', onVisible);
        return () => {
            stopped = true;
            window.clearInterval(timer);
            document.removeEventListener('visibilitychange', onVisible);
        };
    }, []);

    return (
        <Snackbar
            open={outdated}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            message={translate('app.version.available')}
            action={
                <Button color="secondary" size="small" onClick={() => window.location.reload()}>
                    {translate('app.version.reload')}
                </Button>
            }
        />
    );
};
