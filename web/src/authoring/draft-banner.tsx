import { History } from 'lucide-react';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { discardDraft } from '../store/persistence/draft-storage';
import { browserStorage } from '../store/persistence/browser-storage';

/** Offers back the unsaved changes the browser kept for this workflow (a crash, a closed tab). */
export function DraftBanner() {
  const store = useAppStoreApi();
  const offer = useAppStore((s) => s.draftOffer);
  if (!offer) return null;
  const when = new Date(offer.savedAt);
  const at = Number.isNaN(when.getTime()) ? offer.savedAt : when.toLocaleString();
  return (
    <div className="pv-notice-bar pv-draft-banner" role="alert" data-testid="draft-banner">
      <History size={15} aria-hidden />
      <span className="pv-notice-bar__text">Unsaved changes from {at} were kept in this browser.</span>
      <button type="button" className="pv-button pv-button--small pv-button--primary" onClick={() => store.getState().restoreDraft()}>
        Restore
      </button>
      <button
        type="button"
        className="pv-button pv-button--small"
        onClick={() => {
          const storage = browserStorage();
          if (storage) discardDraft(store, storage);
          else store.getState().offerDraft(null);
        }}
      >
        Discard
      </button>
    </div>
  );
}
