import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { usePortal } from './context';
import { useI18n } from './i18n';

/*
 * The text of a consent the sign-up form asks for (the processing of personal data, offers by message),
 * in the customer's language and naming the studio: the studio's words as they are recorded when the
 * box is ticked. It opens from the consent's words, so that nobody agrees to a text they could not read.
 */
export const ConsentDialog = ({
    kind = 'personal_data',
    onClose,
}: {
    kind?: 'personal_data' | 'marketing';
    onClose: () => void;
}) => {
    const { t, locale } = useI18n();
    const { setup } = usePortal();
    const text =
        setup.consentTexts?.[kind]?.[locale] ??
        (kind === 'personal_data' ? t('app.portal.join.consent_text', { studio: setup.studioName }) : '');
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="consent-title">
            <DialogTitle id="consent-title">
                {t(kind === 'personal_data' ? 'app.portal.join.consent_title' : 'app.portal.join.marketing_title')}
            </DialogTitle>
            <DialogContent dividers>
                {text.split('\n\n').map(paragraph => (
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
