import type { TransportMode } from '../types';
import busIcon from './icons/bus.svg';
import ferryIcon from './icons/ferry.svg';
import trainIcon from './icons/train.svg';
import tubeIcon from './icons/tube.svg';
import './ModeIcon.css';

/** The image and alt text of a mode's icon. */
export interface ModeIconImage {
  src: string;
  alt: string;
}

/** Icons of the transport modes (docs/product-rules.md section 2 "Mode icon"), alt texts exact. */
export const MODE_ICONS: Readonly<Record<TransportMode, ModeIconImage>> = {
  TRAIN: { src: trainIcon, alt: 'Rail double arrow logo' },
  TUBE: { src: tubeIcon, alt: 'Tube roundel' },
  SHIP: { src: ferryIcon, alt: 'Ferry' },
  BUS: { src: busIcon, alt: 'Rail replacement bus' },
};

/**
 * The icon of a transport mode.
 *
 * @param mode a mode string; matched in any letter case (`TRAIN`, `Train`…)
 * @returns its image and alt text, or null for any other mode
 */
export function modeIcon(mode: unknown): ModeIconImage | null {
  if (typeof mode !== 'string') return null;
  const key = mode.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(MODE_ICONS, key) ? MODE_ICONS[key as TransportMode] : null;
}

export interface ModeIconProps {
  /** TRAIN, TUBE, SHIP or BUS (any letter case); anything else renders nothing. */
  mode: string;
}

/**
 * A transport mode's icon (docs/product-rules.md section 2 "Mode icon"): an `<img>` with alt 'Rail double arrow
 * logo' (TRAIN), 'Tube roundel' (TUBE), 'Ferry' (SHIP) or 'Rail replacement bus' (BUS).
 *
 * @returns the image, or null for any other mode
 */
export function ModeIcon({ mode }: ModeIconProps) {
  const icon = modeIcon(mode);
  if (icon === null) return null;
  return <img className="rw-mode-icon" src={icon.src} alt={icon.alt} width={20} height={20} />;
}
