import { Input, Slider, type SliderProps } from '@mantine/core';

interface LabelledSliderProps extends Omit<SliderProps, 'label' | 'thumbLabel'> {
  label: string;
  /** How the value reads in the bubble, e.g. "45°". */
  format?: (value: number) => string;
}

/** A Mantine slider (arrow keys, Home/End work) with a visible label that also names its thumb. */
export function LabelledSlider({ label, format = String, ...props }: LabelledSliderProps) {
  return (
    <Input.Wrapper label={label} labelElement="div">
      <Slider thumbLabel={label} label={format} mt={4} mb="xs" {...props} />
    </Input.Wrapper>
  );
}
