import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { consentKinds, defaultConsentTexts, type ConsentKind } from '../../domain/consents';

/**
 * The version of a kind's text as the server keeps it, shown and never typed: the server raises it when
 * the words change, so that the consents given to the old words keep saying which ones they were.
 */
const ConsentVersion = ({ kind }: { kind: ConsentKind }) => {
    const translate = useTranslate();
    const { field } = useInput({
        source: `consentTexts.${kind}.version`,
        defaultValue: defaultConsentTexts[kind].version,
    });
    return (
        <Typography variant="body2" color="text.secondary">
            {translate('app.consents.settings.version', { version: field.value })}
        </Typography>
    );
};

/** One kind's words, in English and in Russian, a group named by the kind. */
const ConsentText = ({ kind }: { kind: ConsentKind }) => {
    const translate = useTranslate();
    const legendId = useId();
    return (
        <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <Typography component="legend" id={legendId} variant="subtitle2">
                {translate(`app.consents.kinds.${kind}`)}
            </Typography>
            <ConsentVersion kind={kind} />
            {/* A studio that never wrote its own words sees the ones customers are shown meanwhile. */}
            <TextInput
                source={`consentTexts.${kind}.en`}
                label="app.consents.settings.en"
                defaultValue={defaultConsentTexts[kind].en}
                multiline
                minRows={3}
                helperText={false}
            />
            <TextInput
                source={`consentTexts.${kind}.ru`}
                label="app.consents.settings.ru"
                defaultValue={defaultConsentTexts[kind].ru}
                multiline
                minRows={3}
                helperText={false}
            />
        </Box>
    );
};

/** The words customers agree to, each kind in both languages with its version. */
export const ConsentTextsInputs = () => {
    const translate = useTranslate();
    return (
        <>
            <Typography variant="body2" color="text.secondary">
                {translate('app.consents.settings.help', { studio: '%{studio}' })}
            </Typography>
            {consentKinds.map(kind => (
                <ConsentText key={kind} kind={kind} />
            ))}
        </>
    );
};
