import type { LucideIcon } from 'lucide-react';
import { CircleHelp, FileCode2, MessageSquareText, Repeat, ShieldCheck } from 'lucide-react';

/** How each item type is drawn; `message` and `code` are the older names (of user_message, scripted). */
const ITEM_LOOKS: Record<string, { icon: LucideIcon; label: string }> = {
  user_message: { icon: MessageSquareText, label: 'Message' },
  message: { icon: MessageSquareText, label: 'Message' },
  prevalidation: { icon: ShieldCheck, label: 'Prevalidation' },
  foreach: { icon: Repeat, label: 'For each' },
  scripted: { icon: FileCode2, label: 'Scripted' },
  code: { icon: FileCode2, label: 'Code' },
};

/** The icon and label of an item type, on the node and in the items editor; a type planvas does not know shows under its own name. */
export function itemLook(type: string): { icon: LucideIcon; label: string } {
  return Object.hasOwn(ITEM_LOOKS, type) ? ITEM_LOOKS[type]! : { icon: CircleHelp, label: type };
}
