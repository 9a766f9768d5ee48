import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Any path the app does not know: 'Page not found: {path}' (the server answers it with 404). */
export const NotFound = () => {
    const translate = useTranslate();
    const { pathname } = useLocation();
    return (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
            <Card sx={{ maxWidth: 640, width: '100%', textAlign: 'center' }}>
                <CardContent>
                    <SearchOff sx={{ fontSize: 64, color: 'text.secondary' }} />
                    <Typography variant="overline" component="p" color="text.secondary">
                        404 · {translate('app.error.page_not_found')}
                    </Typography>
                    <Typography variant="h5" component="h1" sx={{ my: 2, wordBreak: 'break-all' }}>
                        {translate('app.error.not_found', { path: pathname })}
                    </Typography>
                    <Button component={Link} to="/" variant="contained">
                        {translate('app.error.home')}
                    </Button>
                </CardContent>
            </Card>
        </Box>
    );
};
