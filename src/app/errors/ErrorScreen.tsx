import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

interface ErrorScreenProps {
    error: Error;
    /** Clears the error and renders the page again. */
    onRetry: () => void;
    /** Shown only when there is somewhere to go back to. */
    onBack?: () => void;
    /** Clears the error, then goes to /. */
    onHome: () => void;
}

/** The generic error screen of the seed: title, the error text and three ways out. */
export const ErrorScreen = ({ error, onRetry, onBack, onHome }: ErrorScreenProps) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
            <Card sx={{ maxWidth: 640, width: '100%' }} role="alert">
                <CardContent>
                    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
                        <ErrorOutline color="error" fontSize="large" />
                        <Typography variant="h5" component="h1">
                            {translate('app.error.title')}
                        </Typography>
                    </Stack>
                    <Typography
                        component="pre"
                        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 14, mb: 3 }}
                        data-testid="error-text"
                    >
                        {translate(error.message, { _: error.message })}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} flexWrap="wrap" useFlexGap>
                        <Button variant="contained" onClick={onRetry}>
                            {translate('app.error.retry')}
                        </Button>
                        {onBack && (
                            <Button variant="outlined" onClick={onBack}>
                                {translate('app.error.back')}
                            </Button>
                        )}
                        <Button variant="outlined" onClick={onHome}>
                            {translate('app.error.home')}
                        </Button>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};
