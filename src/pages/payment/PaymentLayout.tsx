import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LocalesMenuButton } from 'react-admin';

/** The payment layout: no menu, the studio's name, the language switch, one card in the middle. */
export const PaymentLayout = ({ studioName, children }: { studioName?: string; children: ReactNode }) => (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
        <Stack
            direction="row"
            alignItems="center"
            justifyContent="space-between"
            sx={{ px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
            <Typography variant="h6" component="div" color="primary" sx={{ fontWeight: 700 }}>
                {studioName ?? ''}
            </Typography>
            <LocalesMenuButton />
        </Stack>
        <Box
            sx={{
                flex: 1,
                display: 'flex',
                alignItems: 'flex-start',
                justifyContent: 'center',
                p: 2,
                pt: { xs: 3, sm: 8 },
            }}
        >
            <Card sx={{ width: '100%', maxWidth: 460 }}>
                <CardContent sx={{ p: 4 }}>{children}</CardContent>
            </Card>
        </Box>
    </Box>
);
