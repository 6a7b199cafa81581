/** Seed post pictures: small illustrative SVG scenes (16:9), bundled as data URLs. */
import { svgDataUrl } from './svg';

const open = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 480 270'>";

export const POST_IMAGES = {
  sourdough: svgDataUrl(
    open +
      "<rect width='480' height='270' fill='#f3e3cc'/>" +
      "<rect y='190' width='480' height='80' fill='#a8703f'/>" +
      "<ellipse cx='240' cy='196' rx='150' ry='18' fill='#8a5a31'/>" +
      "<ellipse cx='240' cy='160' rx='135' ry='62' fill='#c98a4b'/>" +
      "<ellipse cx='240' cy='150' rx='120' ry='48' fill='#dca265'/>" +
      "<path d='M170 150q35-40 70-6M225 160q35-40 70-6M280 150q25-28 45-10' " +
      "stroke='#f4dcb4' stroke-width='8' fill='none' stroke-linecap='round'/>" +
      '</svg>',
  ),
  mountains: svgDataUrl(
    open +
      "<defs><linearGradient id='s' x1='0' y1='0' x2='0' y2='1'>" +
      "<stop offset='0' stop-color='#f9a66c'/><stop offset='1' stop-color='#fde3c2'/>" +
      '</linearGradient></defs>' +
      "<rect width='480' height='270' fill='url(#s)'/>" +
      "<circle cx='340' cy='110' r='34' fill='#fff4d6'/>" +
      "<path d='M0 200 120 70l70 80 60-50 110 100H0z' fill='#5b4b8a'/>" +
      "<path d='M160 210 300 90l180 120z' fill='#3d3266'/>" +
      "<path d='M120 70 97 96l23-8 20 12z' fill='#fff'/>" +
      "<rect y='205' width='480' height='65' fill='#7fb3c9'/>" +
      "<path d='M40 230h120M220 245h160M300 225h80' stroke='#d6eef5' stroke-width='4'/>" +
      '</svg>',
  ),
  cityDusk: svgDataUrl(
    open +
      "<rect width='480' height='270' fill='#2e2a5a'/>" +
      "<rect y='120' width='480' height='150' fill='#e9716b' opacity='.35'/>" +
      "<circle cx='90' cy='70' r='18' fill='#fde68a'/>" +
      "<path d='M20 270V150h60v120zM90 270V110h50v160zM150 270V170h70v100zM230 270V90h55v180z" +
      "M295 270V140h65v130zM370 270V120h45v150zM425 270V175h55v95z' fill='#17152e'/>" +
      "<path d='M100 125h8v8h-8zM120 145h8v8h-8zM245 110h8v8h-8zM265 140h8v8h-8zM245 170h8v8h-8z" +
      "M310 160h8v8h-8zM335 190h8v8h-8zM380 140h8v8h-8zM165 190h8v8h-8zM35 170h8v8h-8z' " +
      "fill='#fcd34d'/>" +
      '</svg>',
  ),
} as const;
