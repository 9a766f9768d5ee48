import { IconButton, Tooltip } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useMutation } from '@tanstack/react-query';
import {
    useDataProvider,
    useListContext,
    useNotify,
    useRecordContext,
    useRefresh,
    useTranslate,
    useUpdate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { Identifier, Status } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { useStatusLabel } from '../common/statuses';

/** The ids of a list with the one at `index` moved by `step` places. */
export const moved = (ids: Identifier[], index: number, step: -1 | 1): Identifier[] => {
    const target = index + step;
    if (target < 0 || target >= ids.length) return ids;
    const next = [...ids];
    [next[index], next[target]] = [next[target], next[index]];
    return next;
};

/** Up and down: the whole list's new order is saved in one request, so it survives a reload. */
export const MoveButtons = ({ name }: { name: Status['name']; label?: string }) => {
    const status = useRecordContext<Status>();
    const { data = [] } = useListContext<Status>();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const refresh = useRefresh();
    const notify = useNotify();
    const translate = useTranslate();
    const labelOf = useStatusLabel();
    const { mutate, isPending } = useMutation({
        mutationFn: (ids: Identifier[]) => dataProvider.reorderStatuses({ name, ids }),
        onSuccess: () => refresh(),
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
    });
    if (!status) return null;
    const ids = data.map(record => record.id);
    const index = ids.indexOf(status.id);
    const move = (step: -1 | 1) => mutate(moved(ids, index, step));
    const label = labelOf(status);
    return (
        <>
            <Tooltip title={translate('app.settings.move_up')}>
                <span>
                    <IconButton
                        size="small"
                        aria-label={translate('app.settings.move_up_named', { label })}
                        disabled={isPending || index <= 0}
                        onClick={() => move(-1)}
                    >
                        <ArrowUpward fontSize="small" />
                    </IconButton>
                </span>
            </Tooltip>
            <Tooltip title={translate('app.settings.move_down')}>
                <span>
                    <IconButton
                        size="small"
                        aria-label={translate('app.settings.move_down_named', { label })}
                        disabled={isPending || index < 0 || index >= ids.length - 1}
                        onClick={() => move(1)}
                    >
                        <ArrowDownward fontSize="small" />
                    </IconButton>
                </span>
            </Tooltip>
        </>
    );
};

/** The default of the list, and the way to make another status the default (the server unmarks the old one). */
export const DefaultToggle = (_props: { label?: string }) => {
    const status = useRecordContext<Status>();
    const translate = useTranslate();
    const refresh = useRefresh();
    const notify = useNotify();
    const [update, { isPending }] = useUpdate();
    const labelOf = useStatusLabel();
    if (!status) return null;
    const label = labelOf(status);
    if (status.isDefault) {
        return (
            <Tooltip title={translate('app.settings.is_default')}>
                <Star
                    color="primary"
                    fontSize="small"
                    sx={{ m: '5px', verticalAlign: 'middle' }}
                    aria-label={translate('app.settings.is_default_named', { label })}
                />
            </Tooltip>
        );
    }
    const makeDefault = () =>
        update(
            'statuses',
            { id: status.id, data: { isDefault: true }, previousData: status },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => refresh(),
                onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
            },
        );
    return (
        <Tooltip title={translate('app.settings.make_default')}>
            <span>
                <IconButton
                    size="small"
                    aria-label={translate('app.settings.make_default_named', { label })}
                    disabled={isPending}
                    onClick={makeDefault}
                >
                    <StarBorder fontSize="small" />
                </IconButton>
            </span>
        </Tooltip>
    );
};
