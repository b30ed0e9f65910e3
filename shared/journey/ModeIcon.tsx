import type { TransportMode } from '../types';
import busIcon from './icons/bus.svg';
import ferryIcon from './icons/ferry.svg';
import trainIcon from './icons/train.svg';
import tubeIcon from './icons/tube.svg';
import './ModeIcon.css';

export interface ModeIconImage {
  src: string;
  alt: string;
}

/** Icons of the transport modes (docs/product-rules.md section 2), alt texts exact. */
export const MODE_ICONS: Readonly<Record<TransportMode, ModeIconImage>> = {
  TRAIN: { src: trainIcon, alt: 'Rail double arrow logo' },
  TUBE: { src: tubeIcon, alt: 'Tube roundel' },
  SHIP: { src: ferryIcon, alt: 'Ferry' },
  BUS: { src: busIcon, alt: 'Rail replacement bus' },
};

/** A mode's icon (any letter case), or null for another mode. */
export function modeIcon(mode: unknown): ModeIconImage | null {
  if (typeof mode !== 'string') return null;
  const key = mode.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(MODE_ICONS, key) ? MODE_ICONS[key as TransportMode] : null;
}

export interface ModeIconProps {
  mode: string;
}

/** A transport mode's `<img>` with its alt text, or null for another mode (docs/product-rules.md section 2). */
export function ModeIcon({ mode }: ModeIconProps) {
  const icon = modeIcon(mode);
  if (icon === null) return null;
  return <img className="rw-mode-icon" src={icon.src} alt={icon.alt} width={20} height={20} />;
}
