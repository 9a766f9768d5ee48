import { Card, CardContent, Typography } from '@mui/material';

interface FigureProps {
    label: string;
    value: string;
    note?: string;
    testId?: string;
    /** A second note under the first, with its own test id. */
    more?: { text: string; testId: string };
}

/** One figure of the page on a card: its label, its value and up to two notes under it. */
export const Figure = ({ label, value, note, testId, more }: FigureProps) => (
    <Card sx={{ height: '100%' }}>
        <CardContent>
            <Typography variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography variant="h5" component="p" data-testid={testId} sx={{ mt: 0.5 }}>
                {value}
            </Typography>
            {note && (
                <Typography variant="caption" color="text.secondary" data-testid={testId && `${testId}-note`}>
                    {note}
                </Typography>
            )}
            {more && (
                <Typography variant="caption" component="p" color="text.secondary" data-testid={more.testId}>
                    {more.text}
                </Typography>
            )}
        </CardContent>
    </Card>
);
