export { FlyerCard, type FlyerCardProps } from './flyer-card';
export { FLYER_ASPECT, FLYER_REFERENCE_WIDTH, FLYER_SIZES, backgroundCss, blockStyle, flyerLabel, gradientCss, resolveContent, type FlyerSize } from './flyer-style';
