/** Importing customers from another system's CSV file (src/domain/imports.ts, src/server/imports). */
export const messages = {
    app: {
        import: {
            unreadable: 'Line %{line} of the file cannot be read as CSV: check its quotes',
            unknown_status: 'The studio has no customer status of this name',
            unknown_plan: 'The studio has no plan of this name',
            pass_dropped: {
                ended: 'The pass has ended: it is not carried over',
                used_up: 'The pass has no visits left: it is not carried over',
            },
        },
    },
};
