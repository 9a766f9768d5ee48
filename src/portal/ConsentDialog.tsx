import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { usePortal } from './context';
import { useI18n } from './i18n';

/*
 * The text of the consent to the processing of personal data that the sign-up form asks for, in the
 * customer's language and naming the studio. It opens from the consent's words, so that nobody agrees to
 * a text they could not read.
 */
export const ConsentDialog = ({ onClose }: { onClose: () => void }) => {
    const { t } = useI18n();
    const { setup } = usePortal();
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="consent-title">
            <DialogTitle id="consent-title">{t('app.portal.join.consent_title')}</DialogTitle>
            <DialogContent dividers>
                {t('app.portal.join.consent_text', { studio: setup.studioName })
                    .split('\n\n')
                    .map(paragraph => (
                        <Typography key={paragraph} sx={{ mb: 1.5 }}>
                            {paragraph}
                        </Typography>
                    ))}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{t('app.portal.common.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};
