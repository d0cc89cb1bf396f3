import { Dialog } from '../../ui/dialog';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { SHORTCUTS } from './shortcuts';

/** The `?` overlay: every shortcut, grouped. */
export function ShortcutsOverlay() {
  const store = useAppStoreApi();
  const open = useAppStore((s) => s.overlay === 'shortcuts');
  if (!open) return null;
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => store.getState().closeOverlay('shortcuts')} testId="shortcuts-overlay">
      <div className="pv-shortcuts">
        {SHORTCUTS.map((group) => (
          <section key={group.group}>
            <h3>{group.group}</h3>
            <dl>
              {group.items.map((item) => (
                <div key={item.does} className="pv-shortcuts__row">
                  <dt>
                    {item.keys.map((key, i) => (
                      <span key={key}>
                        {i > 0 && <span className="pv-shortcuts__plus">+</span>}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{item.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
