import React from "react";
import type { LayoutProps } from "./layouts";
import { Header } from "../components/header";
import { Footer } from "../components/footer";
import { primaryLocation, useSiteData } from "../hooks/use-site-data";
import { useNavigation } from "../hooks/use-navigation";

const BUILD_YEAR = new Date().getFullYear();

/** Hibiscus page frame: skip link, header, main landmark, footer (SPEC §2 Layout). */
export function Layout({ children, path }: LayoutProps) {
  const site = useSiteData();
  const navigation = useNavigation(site);
  const location = primaryLocation(site.locations);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header business={site.business} navigation={navigation} location={location} path={path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer business={site.business} navigation={navigation} location={location} year={BUILD_YEAR} />
    </>
  );
}
