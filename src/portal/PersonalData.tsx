import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ErasureRequest } from '../domain/api/privacy';
import { api } from './api';
import { usePortal } from './context';
import { ErasureDialog } from './ErasureDialog';
import { useI18n } from './i18n';
import { errorText } from './parts';

/*
 * The customer's rights over their data: a copy of all the studio holds about them (and their children
 * they manage) as one JSON file, and the request to erase it. Once asked, the page says when the request
 * was taken and by when the studio answers, instead of the button: asking again changes nothing.
 */

/** Saves a file the browser holds under `name`, as a download. */
const useSaveFile = () => {
    // The address lives until the next download or until the page goes: revoked at once, some browsers
    // would cancel a download they have not begun reading.
    const address = useRef<string | undefined>(undefined);
    useEffect(
        () => () => {
            if (address.current) URL.revokeObjectURL(address.current);
        },
        [],
    );
    return (file: Blob, name: string) => {
        if (address.current) URL.revokeObjectURL(address.current);
        address.current = URL.createObjectURL(file);
        const link = document.createElement('a');
        link.href = address.current;
        link.download = name;
        link.click();
    };
};

export const PersonalData = ({
    erasure,
    onErasureAsked,
    when,
}: {
    erasure: ErasureRequest | null;
    onErasureAsked: (request: ErasureRequest) => void;
    /** A date as the page writes it. */
    when: (at: string) => string;
}) => {
    const { notify } = usePortal();
    const { t } = useI18n();
    const save = useSaveFile();
    const [exporting, setExporting] = useState(false);
    const [asking, setAsking] = useState(false);

    const download = async () => {
        setExporting(true);
        try {
            const { file, name } = await api.exportMine();
            save(file, name);
        } catch (error) {
            notify(errorText(t, error), 'error');
        } finally {
            setExporting(false);
        }
    };

    return (
        <Card component="section" aria-label={t('app.portal.privacy.data.title')}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
                    {t('app.portal.privacy.data.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {t('app.portal.privacy.data.export_note')}
                </Typography>
                <Button
                    variant="outlined"
                    startIcon={<FileDownloadOutlined />}
                    disabled={exporting}
                    onClick={() => void download()}
                    sx={{ mt: 1.5 }}
                >
                    {t('app.portal.privacy.data.export')}
                </Button>
                <Divider sx={{ my: 2 }} />
                {erasure ? (
                    <Alert severity="info" variant="outlined">
                        {t('app.portal.privacy.data.erase_asked', {
                            requested: when(erasure.requestedAt),
                            due: when(erasure.dueAt),
                        })}
                    </Alert>
                ) : (
                    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                        <Typography variant="body2" color="text.secondary">
                            {t('app.portal.privacy.data.erase_note')}
                        </Typography>
                        <Button
                            color="error"
                            variant="outlined"
                            onClick={() => setAsking(true)}
                            // On white the studio's error colour is too faint for text: its darker shade.
                            sx={{
                                color: theme => theme.palette.error[theme.palette.mode === 'light' ? 'dark' : 'main'],
                            }}
                        >
                            {t('app.portal.privacy.data.erase')}
                        </Button>
                    </Stack>
                )}
            </CardContent>
            {asking && (
                <ErasureDialog
                    onClose={() => setAsking(false)}
                    onAsked={request => {
                        setAsking(false);
                        onErasureAsked(request);
                        notify(t('app.portal.privacy.data.erase_sent'));
                    }}
                />
            )}
        </Card>
    );
};
