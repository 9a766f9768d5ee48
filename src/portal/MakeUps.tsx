import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { OwnMakeUp } from '../domain/api/portal';
import { formatDate, formatWhen } from './format';
import { useI18n } from './i18n';

/*
 * The make-up credits of the last 90 days of whom the customer acts for, as the passes' answer gives
 * them (those still to book first): the direction, where each stands, by when an open one books a class
 * and which class it booked or was used for. Shown under the passes; nothing when there are none.
 */

const stateColours: Record<OwnMakeUp['state'], 'success' | 'info' | 'error' | 'default'> = {
    open: 'success',
    booked: 'info',
    used: 'default',
    lost: 'error',
    expired: 'default',
};

export const MakeUps = ({ makeUps }: { makeUps: OwnMakeUp[] }) => {
    const { t, locale } = useI18n();
    if (!makeUps.length) return null;
    /** What the credit is good for now, or what became of it. */
    const standing = (makeUp: OwnMakeUp) => {
        switch (makeUp.state) {
            case 'open':
                return t('app.portal.make_ups.book_by', {
                    direction: makeUp.direction,
                    date: formatDate(makeUp.expiresOn, locale),
                });
            case 'booked':
            case 'used':
                return makeUp.bookedFor
                    ? t(`app.portal.make_ups.${makeUp.state}`, { time: formatWhen(makeUp.bookedFor, locale) })
                    : undefined;
            case 'lost':
                return makeUp.bookedFor
                    ? t('app.portal.make_ups.lost', { time: formatWhen(makeUp.bookedFor, locale) })
                    : t('app.portal.make_ups.lost_unknown');
            case 'expired':
                return t('app.portal.make_ups.expired', { date: formatDate(makeUp.expiresOn, locale) });
        }
    };
    return (
        <Stack component="section" spacing={1.5} sx={{ mt: 3 }} aria-labelledby="make-ups-title">
            <Typography id="make-ups-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
                {t('app.portal.make_ups.title')}
            </Typography>
            {makeUps.map(makeUp => (
                <Card key={makeUp.id} variant="outlined">
                    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
                            <Typography
                                sx={{
                                    fontWeight: 600,
                                    color: makeUp.state === 'open' ? 'text.primary' : 'text.secondary',
                                }}
                            >
                                {makeUp.direction}
                            </Typography>
                            <Chip
                                size="small"
                                color={stateColours[makeUp.state]}
                                label={t(`app.portal.make_ups.states.${makeUp.state}`)}
                            />
                        </Stack>
                        {standing(makeUp) && <Typography>{standing(makeUp)}</Typography>}
                        {makeUp.missedOn && (
                            <Typography variant="body2" color="text.secondary">
                                {t('app.portal.make_ups.missed', { date: formatDate(makeUp.missedOn, locale) })}
                            </Typography>
                        )}
                    </CardContent>
                </Card>
            ))}
        </Stack>
    );
};
