import { Box, Typography } from '@mui/material';
import { BooleanInput, useTranslate } from 'react-admin';

/**
 * The consents part of a new customer as sent: the form holds it back until personal data is ticked, and
 * the server records both then. Without the tick nothing is sent, as an import's card comes.
 */
export const withDeskConsents = <T extends { consents?: { personalData?: boolean; marketing?: boolean } }>({
    consents,
    ...data
}: T) =>
    consents?.personalData ? { ...data, consents: { personalData: true, marketing: !!consents.marketing } } : data;

/**
 * The consents a new customer gives at the desk, each a box of its own, neither ticked for them:
 * personal data (required: the form says so under the box) and offers by message (optional). The server
 * records them with the card.
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
