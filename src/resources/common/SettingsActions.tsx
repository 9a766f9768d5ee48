import { CreateButton, ExportButton, FilterButton, SaveButton, Toolbar, TopToolbar } from 'react-admin';
import { DeleteWithConflictButton } from './DeleteWithConflict';

/** A settings list: more filters, create (for the roles that may) and export what is shown. */
export const SettingsListActions = () => (
    <TopToolbar>
        <FilterButton />
        <CreateButton />
        <ExportButton />
    </TopToolbar>
);

/** A settings form: save, and delete with the server's refusal explained (and deactivation offered). */
export const SettingsFormToolbar = ({ deactivate = true }: { deactivate?: boolean }) => (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
        <SaveButton />
        <DeleteWithConflictButton deactivate={deactivate} />
    </Toolbar>
);
