import { useEffect, useState } from 'react';
import { useMatch } from 'react-router';
import { Box, Card, CardContent } from '@mui/material';
import { useI18n } from './i18n';
import { Join } from './Join';
import { LinkSignIn } from './LinkSignIn';
import { usePortal } from './context';
import { SignIn } from './SignIn';
import { useGo, useLinkToken } from './router';
import { TopBar } from './TopBar';

/** The pages before signing in, one card in the middle: the code sign-in (any other path), joining, and a sign-in link. */
export const SignedOut = () => {
    const { setup } = usePortal();
    const { t } = useI18n();
    // Joining with a phone or e-mail a customer already has: the sign-in page starts with it.
    const [login, setLogin] = useState('');
    const go = useGo();
    const linkToken = useLinkToken();
    const joining = useMatch({ path: '/join', caseSensitive: true }) !== null;
    const title = t(
        joining ? 'app.portal.join.title' : linkToken ? 'app.portal.link.title' : 'app.portal.sign_in.title',
    );
    useEffect(() => {
        document.title = `${title} · ${setup.studioName}`;
    }, [title, setup.studioName]);
    return (
        <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
            <TopBar />
            <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2, pt: { xs: 2, sm: 6 } }}>
                <Card sx={{ width: '100%', maxWidth: 440 }}>
                    <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                        {linkToken ? (
                            <LinkSignIn token={linkToken} />
                        ) : joining ? (
                            <Join
                                onSignIn={known => {
                                    setLogin(known);
                                    go('/');
                                }}
                            />
                        ) : (
                            <SignIn key={login} initialLogin={login} />
                        )}
                    </CardContent>
                </Card>
            </Box>
        </Box>
    );
};
