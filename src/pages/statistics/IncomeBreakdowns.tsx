import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Breakdown, type Formats } from './Breakdown';
import type { incomeRows } from './incomeCsv';

/** The income by payment method and by plan, and what visits earned by direction, teacher and studio. */
export const IncomeBreakdowns = ({ rows, format, formatAxis }: { rows: ReturnType<typeof incomeRows> } & Formats) => {
    const translate = useTranslate();
    return (
        <Grid container spacing={2}>
            {(
                [
                    ['by_method', rows.byMethod],
                    ['by_plan', rows.byPlan],
                    ['earned_by_direction', rows.byDirection],
                    ['earned_by_teacher', rows.byTeacher],
                    ['earned_by_studio', rows.byStudio],
                ] as const
            ).map(([key, entries]) => (
                <Grid key={key} size={{ xs: 12, lg: 6 }}>
                    <Breakdown
                        title={translate(`app.statistics.${key}`)}
                        rows={[...entries]}
                        format={format}
                        formatAxis={formatAxis}
                    />
                </Grid>
            ))}
        </Grid>
    );
};
