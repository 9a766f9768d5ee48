import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import type { Pass } from '../../domain/types';
import { RecordHistory } from './RecordHistory';

/** A pass has no page of its own: its History opens over the customer's card. */
export const PassHistoryDialog = ({ pass, onClose }: { pass: Pass; onClose: () => void }) => {
    const translate = useTranslate();
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="pass-history-title">
            <DialogTitle id="pass-history-title">
                {translate('app.history.pass_title', { name: pass.name })}
            </DialogTitle>
            <DialogContent>
                <RecordContextProvider value={pass}>
                    <RecordHistory target="passId" title="" />
                </RecordContextProvider>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};
