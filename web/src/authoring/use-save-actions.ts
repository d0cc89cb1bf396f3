import { useMemo } from 'react';
import { useApi } from '../api/api-context';
import { navigate } from '../navigation/router';
import { pathForWorkflow } from '../navigation/workflow-route';
import { useAppStoreApi } from '../store/store-context';
import { keepMine, saveDocument, saveMineAsCopy } from './save-document';

/** Saving and the conflict choices, bound to this app's store and API. */
export function useSaveActions() {
  const api = useApi();
  const store = useAppStoreApi();
  return useMemo(
    () => ({
      save: () => saveDocument(store, api),
      keepMine: () => keepMine(store, api),
      takeTheirs: () => store.getState().takeTheirs(),
      saveMineAsCopy: async () => {
        const id = await saveMineAsCopy(store, api);
        if (id) navigate(pathForWorkflow(id));
        return id;
      },
    }),
    [api, store],
  );
}
