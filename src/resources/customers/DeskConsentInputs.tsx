import { Box, Typography } from '@mui/material';
import { BooleanInput, useTranslate } from 'react-admin';

/**
 * The consents part of a new customer as sent: only with personal data ticked (the server records both
 * then); left unticked, the card is saved without consents, as an import or a ward's card is.
 */
export const withDeskConsents = <T extends { consents?: { personalData?: boolean; marketing?: boolean } }>({
    consents,
    ...data
}: T) =>
    consents?.personalData ? { ...data, consents: { personalData: true, marketing: !!consents.marketing } } : data;

/**
 * The consents a new customer gives at the desk, each a box of its own, neither ticked for them:
 * personal data and offers by message. The server records them with the card.
 */
export const DeskConsentInputs = () => {
    const translate = useTranslate();
    return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
                {translate('app.consents.card.title')}
            </Typography>
            <BooleanInput
                source="consents.personalData"
                label="app.consents.create.personal_data"
                helperText="app.consents.create.personal_data_help"
                defaultValue={false}
            />
            <BooleanInput
                source="consents.marketing"
                label="app.consents.create.marketing"
                helperText={false}
                defaultValue={false}
            />
        </Box>
    );
};
