import { useTheme } from '@mui/material';
import {
    Bar,
    BarChart,
    CartesianGrid,
    Legend,
    Line,
    ComposedChart,
    ResponsiveContainer,
    Tooltip,
    XAxis,
    YAxis,
} from 'recharts';

export interface Row {
    name: string;
    amount: number;
}

/**
 * Where a money axis starts: at zero for takings that are never negative, at the lowest amount when one
 * is (a day of refunds). recharts otherwise picks round ticks around the values, which may fall below zero.
 */
export const moneyAxisStart = (amounts: readonly (number | null)[]): 0 | 'dataMin' =>
    amounts.some(amount => amount !== null && amount < 0) ? 'dataMin' : 0;

/** Income per day, week or month as bars, with the previous period as a line beside it; each bucket by its label. */
export const IncomeChart = ({
    data,
    format,
    formatAxis,
    labels,
}: {
    data: { label: string; income: number; previous: number | null }[];
    format: (value: number) => string;
    formatAxis: (value: number) => string;
    labels: { current: string; previous: string };
}) => {
    const theme = useTheme();
    return (
        <ResponsiveContainer width="100%" height={300}>
            <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="label" stroke={theme.palette.text.secondary} fontSize={12} />
                <YAxis
                    stroke={theme.palette.text.secondary}
                    fontSize={12}
                    tickFormatter={formatAxis}
                    width={72}
                    domain={[moneyAxisStart(data.flatMap(point => [point.income, point.previous])), 'auto']}
                    allowDecimals={false}
                />
                <Tooltip
                    formatter={value => format(Number(value))}
                    contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
                />
                <Legend />
                <Bar dataKey="income" name={labels.current} fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} />
                <Line
                    dataKey="previous"
                    name={labels.previous}
                    stroke={theme.palette.text.secondary}
                    strokeDasharray="5 5"
                    dot={false}
                />
            </ComposedChart>
        </ResponsiveContainer>
    );
};

/** A breakdown (by method, plan, direction...) as horizontal bars, largest first. */
export const BreakdownChart = ({
    rows,
    format,
    formatAxis,
}: {
    rows: Row[];
    format: (value: number) => string;
    formatAxis: (value: number) => string;
}) => {
    const theme = useTheme();
    return (
        <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 36 + 40)}>
            <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} horizontal={false} />
                <XAxis
                    type="number"
                    stroke={theme.palette.text.secondary}
                    fontSize={12}
                    tickFormatter={formatAxis}
                    domain={[moneyAxisStart(rows.map(row => row.amount)), 'auto']}
                    allowDecimals={false}
                />
                <YAxis type="category" dataKey="name" width={150} stroke={theme.palette.text.secondary} fontSize={12} />
                <Tooltip
                    formatter={value => format(Number(value))}
                    contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
                />
                <Bar dataKey="amount" fill={theme.palette.primary.main} radius={[0, 4, 4, 0]} />
            </BarChart>
        </ResponsiveContainer>
    );
};
