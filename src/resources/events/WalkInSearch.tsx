import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { Identifier } from '../../domain/types';
import type { WalkIn } from '../../domain/api';

/** Finds anyone by name to add to the class: the server answers a handful of names. */
export const WalkInSearch = ({
    eventId,
    disabled,
    onAdd,
}: {
    eventId: Identifier;
    disabled: boolean;
    onAdd: (walkIn: WalkIn) => void;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [text, setText] = useState('');
    const { data: options = [] } = useQuery({
        queryKey: ['walk-ins', eventId, text],
        queryFn: () => dataProvider.findWalkIns({ id: eventId, q: text }),
        enabled: text.trim().length >= 2,
    });
    return (
        <Autocomplete<WalkIn>
            sx={{ maxWidth: 420, my: 2 }}
            options={options}
            disabled={disabled}
            filterOptions={found => found}
            getOptionLabel={option => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            value={null}
            inputValue={text}
            onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
            onChange={(_event, value) => {
                if (value) {
                    onAdd(value);
                    setText('');
                }
            }}
            noOptionsText={translate(
                text.trim().length >= 2 ? 'app.timetable.roster.nobody' : 'app.timetable.roster.type_more',
            )}
            renderInput={params => (
                <TextField {...params} label={translate('app.timetable.roster.add_walk_in')} size="small" />
            )}
        />
    );
};
